"""What a hook gives back: an :class:`Effect`, a frozen value the engine applies.

Plugins never write to the score. They return an effect and the engine applies its parts
in the game's fixed order for that context, recording each change in the breakdown:

* a scored card (``joker_individual``): chips, mult, dollars, then ×mult;
* a held card (``joker_held_individual``): dollars, mult, then ×mult;
* a joker (``joker_main``, ``joker_other_joker``, ``consumable_main``): mult, chips, then ×mult.

Unset parts are ``None``. Effects are immutable and hashable, so a plugin can build the
ones it gives often once, at import -- or use the cached one-part constructors
:meth:`Effect.chips_of`, :meth:`Effect.mult_of`, :meth:`Effect.x_mult_of` and
:meth:`Effect.dollars_of`, which return a shared instance per value (they are what the
vanilla plugins use on the scoring path).
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Effect"]


class Effect(NamedTuple):
    """A change a hook asks for.

    >>> Effect(mult=4)
    Effect(mult=4)
    >>> Effect(chips=20, mult=4).chips
    20
    """

    chips: float | None = None
    mult: float | None = None
    x_mult: float | None = None
    dollars: int | None = None
    #: Levels to add to the played poker hand before it scores (Space Joker, ``joker_before``).
    level_up: int | None = None
    #: A short note for the breakdown ("Upgrade!"), shown when nothing numeric changed.
    message: str | None = None
    #: Destroy the card this effect is about (Trading Card, on a discard).
    destroy: bool | None = None

    def __repr__(self) -> str:
        pairs = zip(self._fields, self, strict=True)
        parts = [f"{name}={value!r}" for name, value in pairs if value is not None]
        return f"Effect({', '.join(parts)})"

    def __bool__(self) -> bool:
        return any(value is not None for value in self)

    @classmethod
    def chips_of(cls, value: float) -> Effect:
        """``Effect(chips=value)``, shared per value."""
        found = _CHIPS.get(value)
        return found if found is not None else _remember(_CHIPS, value, cls(chips=value))

    @classmethod
    def mult_of(cls, value: float) -> Effect:
        """``Effect(mult=value)``, shared per value."""
        found = _MULT.get(value)
        return found if found is not None else _remember(_MULT, value, cls(mult=value))

    @classmethod
    def x_mult_of(cls, value: float) -> Effect:
        """``Effect(x_mult=value)``, shared per value."""
        found = _X_MULT.get(value)
        return found if found is not None else _remember(_X_MULT, value, cls(x_mult=value))

    @classmethod
    def dollars_of(cls, value: int) -> Effect:
        """``Effect(dollars=value)``, shared per value."""
        found = _DOLLARS.get(value)
        return found if found is not None else _remember(_DOLLARS, value, cls(dollars=value))


# The one-part constructors run for nearly every effect on the scoring path: they test the
# cache with ``is not None`` (a cached effect is never empty), not with ``or``, which would
# call :meth:`Effect.__bool__` -- a Python-level loop over the seven fields -- every time.
_CACHE_LIMIT = 4096
_CHIPS: dict[float, Effect] = {}
_MULT: dict[float, Effect] = {}
_X_MULT: dict[float, Effect] = {}
_DOLLARS: dict[int, Effect] = {}


def _remember(cache: dict[Any, Effect], value: Any, effect: Effect) -> Effect:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[value] = effect
    return effect

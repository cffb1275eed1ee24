"""What a hook gives back: an :class:`Effect`, a frozen value the engine applies.

Plugins never write to the score. They return an effect and the engine applies its parts
in the game's fixed order for that context, recording each change in the breakdown:

* a scored card (``joker_individual``): chips, mult, dollars, then ×mult;
* a held card (``joker_held_individual``): dollars, mult, then ×mult;
* a joker (``joker_main``, ``joker_other_joker``, ``consumable_main``): mult, chips, then ×mult.

``hands`` and ``discards`` add to the current round's hands and discards left, wherever an
effect is applied (Hopscotch's discard in ``joker_before``, Burglar's hands).

Unset parts are ``None``. Effects are immutable and hashable, so a plugin can build the
ones it gives often once, at import -- or use the cached one-part constructors
:meth:`Effect.chips_of`, :meth:`Effect.mult_of`, :meth:`Effect.x_mult_of` and
:meth:`Effect.dollars_of`, which return a shared instance per value (they are what the
vanilla plugins use on the scoring path).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import close_matches

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
    #: Hands to add to the current round's hands left (negative: take away).
    hands: int | None = None
    #: Discards to add to the current round's discards left (Hopscotch: +1).
    discards: int | None = None

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


def _effect_new() -> Any:
    """``Effect.__new__`` with the fields as keywords and, for a misspelt one, an error
    that names the fields that look like it (``Effect(xmult=2)``: did you mean
    ``x_mult``?). Generated from the fields, as the named tuple's own ``__new__`` is: the
    same one call, plus a check of an empty dict."""
    names = Effect._fields
    params = ", ".join(f"{name}=None" for name in names)
    values = ", ".join(names)
    source = (
        f"def __new__(_cls, {params}, **_wrong):\n"
        f"    if _wrong:\n"
        f"        _misspelt(_wrong)\n"
        f"    return _tuple_new(_cls, ({values},))\n"
    )
    namespace: dict[str, Any] = {"_tuple_new": tuple.__new__, "_misspelt": _misspelt}
    exec(source, namespace)  # built once, from the fields
    new = namespace["__new__"]
    new.__qualname__ = "Effect.__new__"
    new.__doc__ = "Create new instance of Effect" + f"({', '.join(names)})"
    return new


def _misspelt(wrong: dict[str, Any]) -> None:
    name = next(iter(wrong))
    near = close_matches(name, Effect._fields, n=1)
    also = f" (did you mean {near[0]!r}?)" if near else ""
    raise TypeError(
        f"Effect has no field {name!r}{also}; its fields are {', '.join(Effect._fields)}"
    )


Effect.__new__ = _effect_new()  # type: ignore[method-assign]


# The one-part constructors run for nearly every effect on the scoring path: they test the
# cache with ``is not None`` (a cached effect is never empty), not with ``or``, which would
# call :meth:`Effect.__bool__` -- a Python-level loop over the fields -- every time.
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

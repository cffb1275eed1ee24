"""What scoring a hand returns: :class:`ScoreResult` and its :class:`Breakdown`.

The breakdown lists every change to chips, mult and money in the order it happened,
with its source (a card, a joker, the blind, the deck, the hand's level) and the
context it happened in. It is built from the raw events only when somebody reads it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from ...kernel.quantities import plus, times, to_double
from ..detach import DetachError, Memo, detach, detach_events

__all__ = ["Breakdown", "DetachError", "ScoreEvent", "ScoreResult"]

#: Event sources and targets named by a kind other than their class's name.
_KINDS = {
    "copiedjoker": "joker",
    "detachedcard": "card",
    "detachedjoker": "joker",
    "detachedconsumable": "consumable",
    "detachedblind": "blind",
    "detacheddeck": "deck",
}


def _describe(obj: object) -> tuple[str, str]:
    """``(kind, label)`` of an event source or target."""
    if obj is None:
        return ("hand", "")
    if isinstance(obj, str):
        return ("hand", obj)
    if isinstance(obj, Enum):
        return (
            type(obj).__name__.lower(),
            f"{obj.name.lower()} edition" if type(obj).__name__ == "Edition" else obj.name.lower(),
        )
    kind = type(obj).__name__.lower()
    kind = _KINDS.get(kind, kind)
    label = getattr(obj, "label", None) or getattr(obj, "name", None) or repr(obj)
    return (kind, str(label))


@dataclass(frozen=True)
class ScoreEvent:
    """One recorded step of a hand's scoring.

    ``kind`` is one of ``base`` (chips and mult from the hand's level), ``chips``,
    ``mult``, ``x_mult``, ``set`` (chips and mult replaced: The Flint, Plasma Deck),
    ``dollars``, ``retrigger``, ``debuffed``, ``level``, ``enhance``, ``create``,
    ``destroy``, ``hands`` or ``discards`` (the round's counts changed) or ``message``.
    """

    phase: str
    source_kind: str
    source: str
    kind: str
    value: Any
    target: str
    chips: float
    mult: float

    def describe_change(self) -> str:
        """The change in words: ``+4 mult``, ``x1.5 mult``, ``retrigger``, ..."""
        v, kind = self.value, self.kind
        if kind == "base":
            return f"chips {v[0]:g}, mult {v[1]:g}"
        if kind == "set":
            return f"chips = {v[0]:g}, mult = {v[1]:g}"
        if kind in ("chips", "mult"):
            return f"+{v:g} {kind}"
        if kind == "x_mult":
            return f"x{v:g} mult"
        if kind == "dollars":
            return f"+${v}" if v >= 0 else f"-${-v}"
        if kind == "level":
            return f"level {v:+d}"
        if kind in ("hands", "discards"):
            return f"{v:+d} {kind}"
        if kind == "enhance":
            return f"becomes {getattr(v, 'name', v)!s}".lower()
        if kind == "message":
            return str(v)
        return {"create": "created", "destroy": "destroyed"}.get(kind, kind)

    def to_dict(self) -> dict[str, Any]:
        value = self.value
        if isinstance(value, tuple):
            value = list(value)
        elif not isinstance(value, (int, float, str, type(None))):
            value = str(getattr(value, "name", value)).lower()
        return {
            "phase": self.phase,
            "source_kind": self.source_kind,
            "source": self.source,
            "kind": self.kind,
            "value": value,
            "target": self.target,
            "chips": self.chips,
            "mult": self.mult,
        }


class Breakdown(Sequence[ScoreEvent]):
    """The ordered events of one hand, with a text table and a replay check."""

    def __init__(self, events: Sequence[ScoreEvent]) -> None:
        self._events = tuple(events)

    def __getitem__(self, index: Any) -> Any:
        return self._events[index]

    def __len__(self) -> int:
        return len(self._events)

    def __iter__(self) -> Iterator[ScoreEvent]:
        return iter(self._events)

    def replay(self) -> tuple[float, float]:
        """Recompute the final chips and mult from the recorded changes alone."""
        chips = mult = 0.0
        for e in self._events:
            if e.kind in ("base", "set"):
                chips, mult = map(to_double, e.value)
            elif e.kind == "chips":
                chips = plus(chips, e.value)
            elif e.kind == "mult":
                mult = plus(mult, e.value)
            elif e.kind == "x_mult":
                mult = times(mult, e.value)
            elif e.kind == "debuffed" and e.source_kind == "blind":
                chips = mult = 0.0
        return chips, mult

    def table(self) -> str:
        """The breakdown as an aligned text table."""
        rows = [("#", "phase", "source", "on", "change", "chips", "mult")]
        for i, e in enumerate(self._events, 1):
            rows.append(
                (
                    str(i),
                    e.phase,
                    e.source or e.source_kind,
                    e.target,
                    e.describe_change(),
                    f"{e.chips:g}",
                    f"{e.mult:.10g}",
                )
            )
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        lines = []
        for n, row in enumerate(rows):
            cells = [
                cell.rjust(widths[c]) if c in (0, 5, 6) else cell.ljust(widths[c])
                for c, cell in enumerate(row)
            ]
            lines.append("  ".join(cells).rstrip())
            if n == 0:
                lines.append("  ".join("-" * w for w in widths))
        return "\n".join(lines)


@dataclass(slots=True, eq=False)
class ScoreResult:
    """A scored hand.

    ``chips`` and ``mult`` are the final values (IEEE doubles, as in the game);
    ``score = floor(chips * mult)`` -- an ``int``, or the float ``inf`` once the product
    is past the double range (the game's "naneinf"); a hand the blind refused scores 0
    with chips and mult 0.

    Its cards and events hold the game's live handles; ``pickle`` and
    :func:`copy.deepcopy` take it off the game (:meth:`detached`), so a result crosses
    processes and reads the same there; :func:`copy.copy` keeps the handles.
    """

    hand_name: str
    chips: float
    mult: float
    score: int | float
    debuffed: bool = False
    dollars: int = 0
    #: The cards that scored and the cards the hand destroyed, as live handles
    #: (:class:`~balatro_ecs.game.cards.DetachedCard` values in a detached result).
    scoring: Sequence[Any] = field(default=(), repr=False)
    destroyed: Sequence[Any] = field(default=(), repr=False)
    #: The raw events; :attr:`breakdown` turns them into :class:`ScoreEvent` records.
    events: Sequence[tuple[Any, ...]] = field(default=(), repr=False)

    @property
    def scoring_cards(self) -> tuple[str, ...]:
        """Labels of the cards that scored, left to right."""
        return tuple(c.label for c in self.scoring)

    @property
    def breakdown(self) -> Breakdown:
        """Every change to chips, mult and money during the hand, in order."""
        out = []
        for phase, source, kind, value, target, chips, mult in self.events:
            source_kind, source_label = _describe(source)
            _, target_label = _describe(target)
            out.append(
                ScoreEvent(phase, source_kind, source_label, kind, value, target_label, chips, mult)
            )
        return Breakdown(out)

    def to_dict(self) -> dict[str, Any]:
        """``{hand_name, chips, mult, score}``: the fields the conformance vectors compare."""
        return {
            "hand_name": self.hand_name,
            "chips": _plain(self.chips),
            "mult": _plain(self.mult),
            "score": self.score,
        }

    # -- off the game: copies and pickles -----------------------------------------
    def detached(self) -> ScoreResult:
        """This result off its game: the same values, with its cards and every game
        handle in its events (cards, jokers, the blind, the deck, consumables) as frozen
        values that read as the handles read now (``handle.detached()``:
        :class:`~balatro_ecs.game.cards.DetachedCard`,
        :class:`~balatro_ecs.game.jokers.DetachedJoker`, ...). It holds nothing of the
        game, so it pickles and copies; a handle met twice (a card in :attr:`scoring`
        and in the events) becomes one value. This is what ``pickle`` and
        :func:`copy.deepcopy` make of a result.

        Other values in the events are kept if they are plain (``None``, numbers,
        strings, enums, and tuples, lists and dicts of these); any other object is
        detached by its own ``detached()`` method if it has one (a pack's handle may),
        else by a pickle round trip. One that cannot be is named: :class:`DetachError`.
        """
        return self._detached(deep=False)

    def _detached(
        self, deep: bool, memo: Memo | None = None, owner: str = "ScoreResult"
    ) -> ScoreResult:
        """:meth:`detached`; ``deep``: with its other fields and any value met already
        detached deep-copied too (:func:`copy.deepcopy`: the copy shares nothing).
        ``memo``: the handles met already (an outcome's events, then its score's: one
        value each); ``owner`` names this result in an error (``Outcome.score``)."""
        if memo is None:
            memo = {}
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        if deep:  # (the fields beside the handles': the values, a subclass's own)
            for name, value in values.items():
                if name not in _HANDLES:
                    values[name] = copy.deepcopy(value)
        values["scoring"] = detach(values["scoring"], memo, "scoring", deep, owner)
        values["destroyed"] = detach(values["destroyed"], memo, "destroyed", deep, owner)
        values["events"] = detach_events(values["events"], memo, deep, owner)
        return self._copied_as()(**values)

    def _copied_as(self) -> type[ScoreResult]:
        """The class a copy of this result is made as (a kept result's: the plain one)."""
        return type(self)

    def __copy__(self) -> ScoreResult:
        """A shallow copy: the same values, cards and events (the game's handles)."""
        return self._copied_as()(**{f.name: getattr(self, f.name) for f in fields(self)})

    def __deepcopy__(self, memo: dict[int, Any]) -> ScoreResult:
        """A copy off the game, sharing nothing with this result: :meth:`detached`."""
        return self._detached(deep=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled off the game: :meth:`detached`, built again from its fields."""
        plain = self.detached()
        return type(plain), tuple(getattr(plain, f.name) for f in fields(plain))


#: The fields of a result that hold the game's handles.
_HANDLES = ("scoring", "destroyed", "events")


def _plain(x: float) -> float | int:
    """Whole doubles as ints for JSON (``30`` not ``30.0``), others untouched."""
    if type(x) is float and x - x == 0.0 and x == int(x) and abs(x) < 2**53:
        return int(x)
    return x

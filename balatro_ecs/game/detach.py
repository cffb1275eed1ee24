"""Taking what an action or a hand returns off its game: the detaching behind ``pickle``
and :func:`copy.deepcopy` of a :class:`~balatro_ecs.game.scoring.result.ScoreResult` and
of an :class:`~balatro_ecs.game.actions.Outcome`.

Their events hold the game's live handles (cards, jokers, the blind, the deck,
consumables); :func:`detach` makes each one a frozen value that reads as the handle
reads now (``handle.detached()``: :class:`~balatro_ecs.game.cards.DetachedCard`,
:class:`~balatro_ecs.game.jokers.DetachedJoker`, ...), keeps plain values as they are,
and names a part that cannot be taken off: :class:`DetachError`. Nothing here runs while
a game plays: only when a result or an outcome is pickled or deep-copied.
"""

from __future__ import annotations

import copy
import operator
import pickle
from collections.abc import Callable, Sequence
from dataclasses import fields
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from ..kernel import components as C
from ..kernel.errors import BalatroError, show

__all__ = [
    "ATOMS",
    "DetachError",
    "DetachedValue",
    "Memo",
    "PlacedValue",
    "detach",
    "detach_events",
]

_V = TypeVar("_V", bound="DetachedValue")

#: Each detached value class's fields, in order, read at once (what it pickles as).
_FIELDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


class DetachedValue:
    """What every detached value (``DetachedCard``, ``DetachedJoker``, ...; frozen
    dataclasses) shares: it is its own :meth:`detached`, and it pickles by its fields in
    order. One that holds dicts hashes by what names it (:meth:`hash_by_name`, set as its
    ``__hash__``: a dataclass's own would hash the dicts)."""

    __slots__ = ()
    if TYPE_CHECKING:
        entity: int
        key: Any

    def detached(self: _V) -> _V:
        """Itself: it is detached already."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        cls = type(self)
        read = _FIELDS.get(cls)
        if read is None:
            read = _FIELDS[cls] = operator.attrgetter(*[f.name for f in fields(cls)])  # type: ignore[arg-type]
        return cls, read(self)  # (positional: quicker)

    def hash_by_name(self) -> int:
        """The hash of its class's name, its entity and its key."""
        return hash((type(self).__name__, self.entity, self.key))


class PlacedValue(DetachedValue):
    """A detached value that was somewhere: its ``area`` and ``slot`` read as a
    :attr:`zone`, as its handle's do."""

    __slots__ = ()
    if TYPE_CHECKING:
        area: C.Area
        slot: int

    @property
    def zone(self) -> C.Zone:
        """Its area and slot (a new :class:`~balatro_ecs.kernel.components.Zone`)."""
        return C.Zone(self.area, self.slot)


#: What each handle met so far became, by its id (kept with the handle, so the id stays
#: its own): a handle met twice (a card in a result's ``scoring`` and in its events, a
#: joker in an outcome's events and in its score's) becomes one value.
Memo = dict[int, tuple[object, object]]

#: Values kept as they are: immutable and holding nothing.
ATOMS = frozenset({type(None), bool, int, float, complex, str, bytes})

#: The parts of an event, in order (an action's record has the first five).
_PARTS = ("phase", "source", "kind", "value", "target", "chips", "mult")


class DetachError(BalatroError, TypeError):
    """A part of a :class:`~balatro_ecs.game.scoring.result.ScoreResult` or an
    :class:`~balatro_ecs.game.actions.Outcome` cannot be taken off its game (pickle,
    copy): the message names the part and why."""


def _named(where: str | tuple[Any, ...]) -> str:
    """What an error names a part by: ``scoring``, or an event's part given as ``(event,
    index, part's index)``: ``events[3] (phase 'jokers', kind 'mult'): its source``."""
    if isinstance(where, str):
        return where
    event, i, n = where
    part = _PARTS[n] if n < len(_PARTS) else f"part {n}"
    if len(event) >= 3:
        return f"events[{i}] (phase {show(event[0])}, kind {show(event[2])}): its {part}"
    return f"events[{i}]: its {part}"


def detach(
    value: Any,
    memo: Memo,
    where: str | tuple[Any, ...],
    deep: bool = False,
    owner: str = "ScoreResult",
) -> Any:
    """``value`` off the game (see :meth:`ScoreResult.detached
    <balatro_ecs.game.scoring.result.ScoreResult.detached>`); ``owner`` and ``where`` name
    it in an error (``ScoreResult scoring``, ``Outcome events[3] (...): its target``).
    ``memo``: what each handle met so far became; ``deep``: a value detached already is
    deep-copied, not shared."""
    kind = type(value)
    if kind in ATOMS or isinstance(value, Enum):
        return value
    if kind is tuple:
        return tuple([detach(v, memo, where, deep, owner) for v in value])
    if kind is list:
        return [detach(v, memo, where, deep, owner) for v in value]
    if kind is dict:
        return {k: detach(v, memo, where, deep, owner) for k, v in value.items()}
    found = memo.get(id(value))
    if found is not None:
        return found[1]
    detached = getattr(value, "detached", None)
    try:
        if callable(detached):
            out = detached()
            if out is value and deep:
                out = copy.deepcopy(value)
        else:
            out = pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    except DetachError:
        raise
    except Exception as err:
        why = "its detached() failed" if callable(detached) else "no detached(), and no pickle"
        raise DetachError(
            f"{owner} {_named(where)} {show(value)} ({kind.__name__}) cannot be taken off "
            f"its game ({why}): {type(err).__name__}: {err}"
        ) from err
    memo[id(value)] = (value, out)
    return out


def detach_events(
    events: Sequence[Any], memo: Memo, deep: bool = False, owner: str = "ScoreResult"
) -> Sequence[Any]:
    """Every event of ``events`` off the game (:func:`detach`, part by part: an error names
    the event and the part), in a list if ``events`` is one, else in a tuple."""
    atoms = ATOMS
    out = []
    for i, event in enumerate(events):
        if type(event) is tuple:
            event = tuple([
                part if type(part) in atoms else detach(part, memo, (event, i, n), deep, owner)
                for n, part in enumerate(event)
            ])  # fmt: skip
        else:
            event = detach(event, memo, f"events[{i}]", deep, owner)
        out.append(event)
    return out if isinstance(events, list) else tuple(out)

"""What must hold after every action: the invariants a save needs.

A hook may write to the game directly (``game.run.dollars = 2.5``,
``game.jokers.append(joker)``); nothing stops it at the moment of writing. After each
action :func:`~balatro_ecs.run.engine.apply` asks :func:`broken` whether the game is
still one that saves and loads:

* every whole-number field of the run record (money, hands and discards left, slots,
  counts) is an ``int`` within the bounds the save schema gives it -- money whole and
  within ``10**15``, counts not negative;
* every number field is a number, not negative, not NaN;
* every entity of the world is in exactly one row: the rows together hold as many
  entities as the world has (a joker appended twice, or a row cleared, changes the sum),
  and each joker and consumable sits at the slot its zone says, in the row its zone says.

That costs a few attribute reads and a pass over the jokers and consumables -- about a
microsecond, against the tens to hundreds an action takes.

When something is broken, the action is rolled back and :func:`culprit` finds who broke
it: it replays the action on a copy of the game taken before it, with a profile function
that checks the invariants each time a hook implementation returns; the first hook after
which the game is broken is named (its plugin, hook and content key). The replay runs
only on that failure path, so the usual action pays nothing for it.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable
from itertools import compress
from operator import is_not
from types import FrameType
from typing import TYPE_CHECKING, Any

from ...kernel.components import Area
from ...kernel.errors import show
from ...kernel.faults import hook_origins
from ..copying import GameSnapshot, build
from .save_check import _RUN_FIELDS, _RUN_INTS, _real, _target

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game

__all__ = ["broken", "check", "culprit"]

#: The run record's whole-number fields with their bounds (the save schema's), then its
#: number fields (bound ``None``: not negative, maybe infinite).
_NUMBERS = tuple(
    n for n, check in _RUN_FIELDS.items() if isinstance(check, _real) or check is _target
)
_NAMES = (*_RUN_INTS, *_NUMBERS)
_BOUNDS: tuple[tuple[int, int | None], ...] = (
    *_RUN_INTS.values(),
    *((0, None) for _ in _NUMBERS),
)
_FIELDS = operator.attrgetter(*_NAMES)
_POSITIONS = tuple(range(len(_NAMES)))
_JOKERS, _CONSUMABLES = Area.JOKERS, Area.CONSUMABLES
_CARD_AREAS = (Area.DECK, Area.HAND, Area.PLAY, Area.DISCARD)


def broken(game: Game) -> str | None:
    """The first invariant the game breaks, described in one line (``None``: all hold).

    The run record's fields are read in one step; only those that are not the very
    objects the last check passed (most actions change a few) are checked one by one."""
    jokers, consumables = game.jokers, game.consumables
    held = (
        sum(map(len, game._areas.values())) + len(jokers) + len(consumables)
        + len(game.shop) + len(game.pack) + (game.blind is not None) + 1  # (+ the deck)
    )  # fmt: skip
    if held != len(game.world._entities):
        return _bad_rows(game, held)
    for slot, joker in enumerate(jokers):
        zone = joker.zone
        if zone.slot != slot or zone.area is not _JOKERS:
            return _misplaced("jokers", slot, joker, zone)
    for slot, consumable in enumerate(consumables):
        zone = consumable.zone
        if zone.slot != slot or zone.area is not _CONSUMABLES:
            return _misplaced("consumables", slot, consumable, zone)
    run = game.run
    values = _FIELDS(run)
    good = game._good
    for i in compress(_POSITIONS, map(is_not, values, good)) if good else _POSITIONS:
        value = values[i]
        kind = type(value)
        low, high = _BOUNDS[i]
        if high is None:  # a number field: not negative, not NaN (infinite allowed)
            if (kind is not float and kind is not int) or not value >= 0:
                return f"run.{_NAMES[i]} must be a number, not negative, got {show(value)}"
        elif kind is not int:
            return f"run.{_NAMES[i]} must be a whole number, got {show(value)}"
        elif not low <= value <= high:
            return f"run.{_NAMES[i]} must be within {low}..{high}, got {show(value)}"
    game._good = values
    return None


def _bad_rows(game: Game, held: int) -> str:
    entities = len(game.world._entities)
    rows: dict[str, list[Any]] = {
        "jokers": game.jokers,
        "consumables": game.consumables,
        "shop": game.shop,
    }
    rows.update({area.name.lower(): game._areas[area] for area in _CARD_AREAS})
    for name, row in rows.items():
        if len(set(map(id, row))) != len(row):
            return f"{name}: an entity is in the row twice"
    if held > entities:
        return f"the rows hold {held} entities but only {entities} exist (one is in two rows)"
    return f"the rows hold {held} entities but {entities} exist (one is in no row)"


def _misplaced(row: str, index: int, item: Any, zone: Any) -> str:
    name = getattr(item, "name", "?")
    where = f"{zone.area.name.lower()} slot {zone.slot + 1}"
    return f"{row}[{index}] ({name}) says it is in {where} (each entity in one row, once)"


def check(game: Game) -> None:
    """Raise ``ValueError`` if the game breaks an invariant (what :func:`broken` says)."""
    problem = broken(game)
    if problem is not None:
        raise ValueError(problem)


def culprit(
    before: GameSnapshot, action: Action, problem: str
) -> tuple[str, str | None, str | None] | None:
    """Who broke the game: ``(plugin, hook, key)`` of the first hook implementation after
    whose return the invariants fail when ``action`` is replayed on a copy of the game
    as it was (``before``); ``None`` if no hook is found (a hook that does not break
    the game the same way twice, or the engine's own fault)."""
    probe = build(before)
    probe.atomic = False
    probe.checks = False  # (no check, and no replay, inside the replay)
    origins = hook_origins(probe.plugins)
    found: list[tuple[str, str | None, str | None]] = []

    def watch(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "return" and not found:
            origin = origins.get(id(frame.f_code))
            if origin is not None and broken(probe) is not None:
                found.append(origin)
        return None

    previous = sys.getprofile()
    sys.setprofile(watch)
    try:
        probe.apply(action)
    except Exception:
        pass
    finally:
        sys.setprofile(previous)
        probe.close()
    return found[0] if found else None

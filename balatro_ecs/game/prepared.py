"""Prepared starts: a new game copies the part of its start that every seed shares.

Starting a run (the ``start_run`` event) first does what no seed changes -- the deck's 52
cards, the deck's and the stakes' changes, the run's counters -- then draws what the seed
decides: the round targets, the first boss, voucher and tags, the Orbital Tag's hands.
For each (game class, deck, stake, unlocks) of a plugin set, the first game made does the
common part once, on a game kept for it (a :class:`PreparedStart`); every later
``Game(...)`` with the same choices starts as a copy of it and runs only the seed's part.

The copy shares what it has not used yet: the world and its entities, the rows of cards,
the jokers and consumables, the tally, the rules and the call plans
(:data:`~balatro_ecs.game.core.SHARED_UNTIL_USED`) stay the prepared game's until the new
game first asks for any of them, and are copied then
(:func:`~balatro_ecs.game.copying.materialize`). A new game that is never looked at costs
its run record and random streams, not 52 cards. The seed's part reads the starting cards
(The Idol's and Mail-In Rebate's targets) from the prepared game itself, read only.

A start is prepared only where this is exact: the common part (every phase of
``start_run`` before the first one that draws from the random streams) must leave the
streams untouched, must make the same state for two different seeds, must put nothing in
the shop, a pack or a blind, and must pass no value to the later phases; otherwise (the
Erratic Deck draws its cards) games of that start are made in full, as before. Prepared
starts belong to the plugin set (:attr:`Plugins.cache
<balatro_ecs.kernel.manager.Plugins.cache>`): changing the set drops them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..kernel.content import DeckType, StakeType
from ..kernel.manager import Plugins
from ..kernel.rng import GameRandom
from . import copying
from .cards import Card, ranked_by_creation
from .copying import GameSnapshot
from .core import (
    DEFAULT,
    MADE_ON_USE,
    SHARED_UNTIL_USED,
    STARTING_VALUES,
    Default,
    action_budget,
)
from .run.flow import EventContext
from .run.save import to_data

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PreparedStart", "enabled", "prepared_start"]

#: The seeds the common part is made with: two unlike in every letter and in length, to
#: show that the seed changes nothing there.
_SEEDS = ("BALATRO1", "ZQXWVKJ98")
_START = "start_run"
_NONE = object()
#: What :meth:`PreparedStart.begin` makes afresh for each game.
_OWN = frozenset({"seed", "atomic", "run", "rng", "deck", "_serial"})
_CONTAINERS = (list, dict, set)
#: Whether new games use prepared starts (``False``: every game is made in full; for
#: comparing the two ways in tests).
enabled = True


class PreparedStart:
    """The common part of one kind of start, done once (see the module's docstring)."""

    __slots__ = ("cards", "columns", "copied", "done", "ranked", "shared", "snapshot")

    def __init__(self, game: Game, done: tuple[str, ...]) -> None:
        #: The game at the end of the common part (taken once; copied by each new game).
        self.snapshot: GameSnapshot = copying.take(game)
        #: The snapshot's entities as columns, when it holds only cards (most starts).
        self.columns = copying.StartCopy.of(self.snapshot)
        #: The phases of ``start_run`` already done.
        self.done = done
        #: Its playing cards, read by the seed's part (targets).
        self.cards: tuple[Card, ...] = tuple(game.playing_cards)
        #: Those with a rank, in creation order: what the round targets draw from.
        self.ranked: tuple[Card, ...] = tuple(ranked_by_creation(self.cards))
        # The game's other attributes: those :meth:`begin` makes afresh, those shared
        # until used, and the rest: values taken as they are, containers copied.
        # Left out: the starting values (the class's) and the empty containers made on use.
        rest = {
            name: value
            for name, value in game.__dict__.items()
            if name not in SHARED_UNTIL_USED and name not in _OWN and not _starts(name, value)
        }
        self.shared = {k: v for k, v in rest.items() if type(v) not in _CONTAINERS}
        self.copied = tuple((k, v) for k, v in rest.items() if type(v) in _CONTAINERS)

    def begin(
        self,
        game: Game,
        seed: str,
        *,
        atomic: bool,
        budget: float | Default | None = DEFAULT,
        checks: bool | None = None,
    ) -> None:
        """Make ``game`` (an empty object of the prepared class) a copy of the common part,
        sharing the entities until first used, with its own seed: the seed's part of
        ``start_run`` is left to run (``run_event(game, "start_run", skip=done)``)."""
        snap = self.snapshot
        attrs = game.__dict__
        attrs.update(self.shared)
        for name, value in self.copied:
            attrs[name] = value.copy()
        game.seed = seed
        game.atomic = atomic
        game.budget = action_budget(budget)
        game.checks = checks
        game.run = snap.run.copy_sharing()
        game.rng = GameRandom(seed)
        deck = snap.attrs["deck"]
        game.deck = type(deck)(deck.entity, deck.type)
        game._set_next_serial(snap.serial)
        attrs["_start_source"] = self

    def materialize(self, game: Game) -> None:
        """Give ``game`` its own copy of what it shared (the first time it is asked for)."""
        copying.materialize(game, self.snapshot, self.columns)


def _starts(name: str, value: Any) -> bool:
    """Whether a game's attribute holds what every game starts with: its starting value
    (:data:`~balatro_ecs.game.core.STARTING_VALUES`), or an empty container made on use
    (:data:`~balatro_ecs.game.core.MADE_ON_USE`)."""
    if name in STARTING_VALUES:
        start = STARTING_VALUES[name]
        return type(value) is type(start) and bool(value == start)
    made = MADE_ON_USE.get(name)
    return made is not None and type(value) is made and not value


def prepared_start(
    kind: type[Game], deck: DeckType, stake: StakeType, plugins: Plugins, unlocks: str
) -> PreparedStart | None:
    """The prepared start of ``kind`` games with this deck, stake and profile, made on first
    use (``None``: this start cannot be prepared, or prepared starts are off)."""
    if not enabled:
        return None
    key = ("prepared start", kind, deck.key, stake.key, unlocks)
    found: PreparedStart | object | None = plugins.cache.get(key, _NONE)
    if found is _NONE:
        found = plugins.cache[key] = _prepare(kind, deck, stake, plugins, unlocks)
    return found if isinstance(found, PreparedStart) else None


def _prepare(
    kind: type[Game], deck: DeckType, stake: StakeType, plugins: Plugins, unlocks: str
) -> PreparedStart | None:
    event = plugins.events.get(_START)
    if event is None:  # (no start to share: the game says why when it runs the event)
        return None
    phases = event.phases
    schedule = plugins.schedule(_START)
    # Phase by phase, on one context (as the event runs), until one draws.
    probe = _empty(kind, deck, stake, plugins, unlocks, _SEEDS[0])
    ctx = EventContext(probe, _START, {})
    common: list[str] = []
    for phase in phases:
        schedule.run(ctx, skip=[p for p in phases if p != phase])
        if probe.rng._state:
            break
        common.append(phase)
    probe.close()
    if not common:
        return None
    first_drawn = phases[len(common)] if len(common) < len(phases) else None
    made = []
    for seed in _SEEDS:
        game = _empty(kind, deck, stake, plugins, unlocks, seed)
        ctx = EventContext(game, _START, {})
        schedule.run(ctx, stop_before=first_drawn)
        if ctx.values or game.rng._state or game.shop or game.pack or game.blind is not None:
            return None
        made.append(game)
    first, second = (_state(game) for game in made)
    if first != second:
        return None
    prepared = PreparedStart(made[0], tuple(common))
    for game in made:
        game.close()
    return prepared


def _empty(
    kind: type[Game], deck: DeckType, stake: StakeType, plugins: Plugins, unlocks: str, seed: str
) -> Game:
    game = kind(deck=deck, seed=seed, plugins=plugins, unlocks=unlocks, start=False)
    game.stake = stake
    return game


def _state(game: Game) -> dict[str, Any]:
    """The game's save, less what names its seed."""
    data = to_data(game)
    del data["seed"], data["rng"]
    return data

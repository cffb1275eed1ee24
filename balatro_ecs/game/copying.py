"""Copying a game's state: every way the engine saves what a game is and puts it back.

One module for all of it (python-chess's ``_BoardState`` is the model: one copy mechanism,
written out by hand):

* **snapshots** (:class:`GameSnapshot`, :func:`take`, :func:`restore`, :func:`build`):
  the whole game, for :meth:`Game.snapshot <balatro_ecs.game.Game.snapshot>`,
  :meth:`~balatro_ecs.game.Game.restore`, :meth:`~balatro_ecs.game.Game.clone` and the
  all-or-nothing actions;
* **the preview state** (:class:`PreviewState`, :func:`preview_plays`): just what the game's
  own scoring can change, for :meth:`Game.preview_play
  <balatro_ecs.game.Game.preview_play>` (with a pack's content in play, a whole snapshot:
  a preview is sandboxed whatever a plugin writes);
* **counters** (:func:`deep_copy`): a joker's, a consumable's or a blind's plain-data state,
  copied deeply (also for :meth:`Game.copy_joker <balatro_ecs.game.Game.copy_joker>`).

The entity tables are copied by the world (:meth:`World.state
<balatro_ecs.kernel.world.World.state>`, the only module that touches esper); a save is a
text, written and read by :mod:`balatro_ecs.game.run.save`.

A snapshot copies what can change during a run, field by field: the run record, the
random streams' positions, every entity's component table (the tables' contents: a dict's
copy, a card's tuple of value components; the value components are frozen and shared, see
:mod:`balatro_ecs.kernel.components`), the state components' fields (a card's zone; a
joker's or consumable's counters, copied deeply, price and zone, and a joker's stickers, a
read-only mapping shared as it is; the blind's state), the rules in force, the rows and
the serial counter. What never changes during a run is shared, not copied: the plugin set,
content types, compiled call plans, the value components. The action log is copied as a
tuple of references (its outcomes are immutable).

Two ways back:

* :func:`restore` on the game the snapshot came from puts everything back *in place*: the
  same handles, tables and component objects hold the saved values again, entities made
  since are gone, entities deleted since are back under their ids. Anyone holding
  ``game.jokers[0]`` or ``game.run`` still holds the live object. This is how an action is
  made all-or-nothing, and how a search goes back.
* :func:`build` (``Game.clone``, or restoring into another game) makes new handles and new
  state components from the saved values, under the same entity ids, in a game of the
  class the snapshot was taken from.

A snapshot never changes after it is taken: it can be restored any number of times.
"""

from __future__ import annotations

import copy
import itertools
import marshal
import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, is_dataclass
from threading import get_ident
from typing import TYPE_CHECKING, Any

from ..kernel import components as C
from ..kernel.content import EditionType, EnhancementType, SealType
from ..kernel.errors import HookTimeout
from ..kernel.faults import name_fault
from ..kernel.guard import watch as watch_game
from ..kernel.packs import VANILLA
from ..kernel.rng import GameRandom
from ..kernel.schedule import SCORING_EVENT
from ..kernel.world import World
from .blinds import Blind, Deck
from .cards import Card, make_cards
from .core import MADE_ON_USE, STARTING_VALUES
from .dispatch import JokerPlans
from .jokers import Consumable, Joker
from .rules import DERIVED, Rules
from .scoring.pipeline import score_play
from .scoring.result import ScoreResult
from .state import ROWS_WRITTEN

if TYPE_CHECKING:
    from ..kernel.world import WorldState
    from .game import Game
    from .state import RunState

__all__ = [
    "GameSnapshot",
    "PreviewState",
    "ScoredState",
    "StartCopy",
    "build",
    "clone",
    "deep_copy",
    "held_items",
    "materialize",
    "own_content_only",
    "preview_plays",
    "restore",
    "restore_scored",
    "take",
]

_RULE_FIELDS = tuple(f.name for f in fields(Rules))
#: The rules' fields as a tuple, read in C.
_RULES_OF = operator.attrgetter(*_RULE_FIELDS)


def _rules_setter() -> Callable[[Rules, tuple[Any, ...]], None]:
    """A function setting every field of a :class:`Rules` from a tuple in field order (one
    generated assignment, not a ``setattr`` per field)."""
    targets = ", ".join(f"r.{name}" for name in _RULE_FIELDS)
    namespace: dict[str, Any] = {}
    exec(f"def put_rules(r, values):\n    ({targets},) = values\n", namespace)  # from the fields
    put: Callable[[Rules, tuple[Any, ...]], None] = namespace["put_rules"]
    return put


#: Set the rules' fields from a tuple (:data:`_RULES_OF`'s order).
_PUT_RULES = _rules_setter()
_CARD_AREAS = (C.Area.DECK, C.Area.HAND, C.Area.PLAY, C.Area.DISCARD)
#: The positions in :func:`_lists` of the rows that hold handles (their ids are saved).
_HANDLE_ROWS = (0, 1, 2, 3, 4, 5, 6, 9)


def _deep(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars): counters and blind memory."""
    kind = type(value)
    # A plain dict or list is copied in one call, then what it nests (rarely anything) is
    # copied in its place: ``_NESTED.isdisjoint(map(type, ...))`` looks without a loop here.
    if kind is dict:
        out = value.copy()
        if not _NESTED.isdisjoint(map(type, out.values())):
            for k, v in out.items():
                if type(v) in _NESTED:
                    out[k] = _deep(v)  # (a value replaced: the keys, and their order, stay)
        return out
    if kind is list:
        if _NESTED.isdisjoint(map(type, value)):
            return value.copy()
        return [_deep(v) if type(v) in _NESTED else v for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


_NESTED = frozenset({dict, list})


def deep_copy(value: Any) -> Any:
    """A deep copy of a joker's counters or a blind's memory (dicts, lists and plain
    values; any dict or list, a subclass too, becomes a plain one). Snapshots use
    :func:`_deep`, a faster copy of the plain dicts and lists counters hold."""
    if isinstance(value, dict):
        return {k: deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [deep_copy(v) for v in value]
    return value


def _same(value: Any) -> Any:
    return value


class GameSnapshot:
    """A game's state at one moment (see :mod:`balatro_ecs.game.copying`).

    Opaque: restore it with :meth:`Game.restore <balatro_ecs.game.Game.restore>`, or
    start a new game from it with :meth:`Game.from_snapshot
    <balatro_ecs.game.Game.from_snapshot>`. It holds references to the game's handles
    (to put them back in place) and shares the game's plugins.
    """

    __slots__ = (
        "attrs",
        "blind",
        "card_columns",
        "card_state",
        "cards",
        "consumables",
        "jokers",
        "kind",
        "log",
        "rng",
        "row_ids",
        "rows",
        "rules",
        "run",
        "serial",
        "world",
        "world_state",
    )

    attrs: dict[str, Any]
    #: ``(blind, disabled, triggered, memory object, memory copy)`` or ``None``.
    blind: tuple[Any, ...] | None
    #: The class of the game it was taken from (what :func:`build` makes).
    kind: type[Game]
    #: Each card handle (to restore in place).
    cards: tuple[Card, ...]
    #: Each card's ``(entity id, serial, area, slot, tally, detection key)``, in
    #: :attr:`cards`' order (the tally: the game's list, or ``None``).
    card_state: list[tuple[Any, ...]]
    #: Or the cards as columns (what a binary save reads, for :func:`build` alone):
    #: ``(entity ids, serials, areas, slots, counted, values, side dicts or None)``,
    #: ``counted`` the number of cards, first, in the game's tally (the rest in none) or
    #: each card's flag; ``None`` when :attr:`card_state` holds them.
    card_columns: tuple[Any, ...] | None
    consumables: tuple[tuple[Any, ...], ...]
    jokers: tuple[tuple[Any, ...], ...]
    log: tuple[Any, ...]
    rng: dict[str, float]
    #: Each list the game keeps (rows, offers, the tally...) and its contents.
    rows: tuple[tuple[list[Any], tuple[Any, ...]], ...]
    #: The entity ids of each row of handles (the four card areas, jokers, consumables,
    #: shop, pack), in :func:`_lists`' order: what :func:`build` reads.
    row_ids: tuple[tuple[int, ...], ...]
    rules: tuple[Any, ...]
    run: RunState
    serial: int
    #: The world the snapshot was taken from (restoring there is done in place).
    world: Any
    world_state: WorldState

    @property
    def seed(self) -> str:
        """The run seed."""
        seed: str = self.attrs["seed"]
        return seed

    def __repr__(self) -> str:
        run = self.run
        return (
            f"<GameSnapshot {self.seed} ante {run.ante} {run.phase.value} "
            f"{len(self.world_state.ids)} entities, {len(self.log)} actions>"
        )


def _lists(game: Game) -> list[list[Any]]:
    """Every list a game keeps, in the order :func:`build` reads them back."""
    areas = game._areas
    return [
        areas[C.Area.DECK], areas[C.Area.HAND], areas[C.Area.PLAY], areas[C.Area.DISCARD],
        game.jokers, game.consumables, game.shop, game.shop_vouchers, game.shop_packs,
        game.pack, game.events, game._queued, game._tally,
    ]  # fmt: skip


def held_items(game: Game) -> tuple[list[Card], list[Joker], list[Consumable]]:
    """Every card, joker and consumable the game holds, in the order snapshots and binary
    saves keep them: the card rows (deck, hand, play, discard), the joker row, the
    consumables, then each shop or pack offer after the items of its kind."""
    areas = game._areas
    cards: list[Card] = [
        *areas[C.Area.DECK],
        *areas[C.Area.HAND],
        *areas[C.Area.PLAY],
        *areas[C.Area.DISCARD],
    ]
    jokers: list[Joker] = list(game.jokers)
    consumables: list[Consumable] = list(game.consumables)
    for offer in (*game.shop, *game.pack):
        if isinstance(offer, Joker):
            jokers.append(offer)
        elif isinstance(offer, Consumable):
            consumables.append(offer)
        else:
            cards.append(offer)
    return cards, jokers, consumables


def take(game: Game) -> GameSnapshot:
    """A snapshot of ``game`` (see :meth:`Game.snapshot <balatro_ecs.game.Game.snapshot>`)."""
    snap = GameSnapshot()
    snap.kind = type(game)
    snap.world = game.world  # (first: a game sharing a prepared start's entities copies them)
    snap.attrs = game.__dict__.copy()
    snap.world_state = game.world.state()
    snap.run = game.run.copy()
    snap.rng = game.rng._state.copy()
    snap.serial = game._next_serial()
    snap.rules = _RULES_OF(game._rules)
    lists = _lists(game)
    snap.rows = tuple([(row, tuple(row)) for row in lists])
    snap.row_ids = tuple([tuple([item.entity for item in lists[i]]) for i in _HANDLE_ROWS])
    snap.log = tuple(game.log)

    cards, jokers, consumables = held_items(game)
    # A card's values are in its table: its zone is its only state. (A comprehension: the
    # interpreter reads slots faster than operator.attrgetter does.)
    snap.cards = tuple(cards)
    snap.card_columns = None
    snap.card_state = [
        (c.entity, c._serial, (z := c.zone).area, z.slot, c._tally, c._key) for c in cards
    ]
    # Every counters dict (and the blind's memory) copied deeply.
    blind = game.blind
    counters = [j.state for j in jokers] + [c.state for c in consumables]
    if blind is not None:
        counters.append(blind._state.memory)
    copies = iter([_deep(value) for value in counters])
    made = []
    for joker, saved in zip(jokers, copies, strict=False):  # the blind's memory is last
        p, z = joker._price, joker.zone
        made.append((
            joker, joker.state, saved, joker._stickers.values,
            p.buy, p.sell_override, p.free, z.area, z.slot,
        ))  # fmt: skip
    snap.jokers = tuple(made)
    held = []
    for item, saved in zip(consumables, copies, strict=False):
        p, z = item._price, item.zone
        held.append((item, item.state, saved, p.buy, p.sell_override, p.free, z.area, z.slot))
    snap.consumables = tuple(held)
    if blind is None:
        snap.blind = None
    else:
        state = blind._state
        snap.blind = (blind, state.disabled, state.triggered, state.memory, next(copies))
    return snap


# ---------------------------------------------------------------------------------------
# in place
# ---------------------------------------------------------------------------------------


def restore(game: Game, snap: GameSnapshot) -> None:
    """Put ``game`` back as ``snap`` found it (see :meth:`Game.restore
    <balatro_ecs.game.Game.restore>`): in place when ``snap`` was taken from this game's
    world, otherwise by building the saved state into it."""
    if snap.world is not game.world:
        build(snap, game)
        return
    _put_attrs(game, snap.attrs)
    changed = game.world.restore(snap.world_state)
    game.run.assign(snap.run)
    _restore_streams_rules_rows_and_cards(game, snap)
    for joker, state, saved, stickers, buy, sell_override, free, area, slot in snap.jokers:
        if changed and joker.entity in changed:
            joker._take_values()
        _put_state(joker, state, saved)
        joker._stickers.values = stickers  # read-only: never changed in place
        p = joker._price
        p.buy, p.sell_override, p.free = buy, sell_override, free
        z = joker.zone
        z.area, z.slot = area, slot
    _restore_consumables_and_blind(snap, changed)


#: The run fields the game's own scoring of a hand writes (besides the poker hands' rows):
#: what :func:`restore_scored` puts back of the run.
_SCORED_RUN = operator.attrgetter("dollars", "last_hand_played", "hands_left", "discards_left")


class ScoredState:
    """What the game's own content can change while one hand scores, saved next to a
    snapshot so that :func:`restore_scored` puts the game back for less than a whole
    :func:`restore`: the run's money, last hand, hands and discards left and its poker
    hands' rows (instead of the whole run record), the jokers' counters as bytes (put
    back only if one changed), and the rules compared only if some game's rules were
    derived since (:data:`~balatro_ecs.game.rules.DERIVED`). Everything else is put back
    as :func:`restore` does.

    Only for a game whose content in play is all the game's own (:func:`own_content_only`,
    every card of every area included) and with no ``balatro_hand_scored`` hook: with
    anything else, :attr:`light` is false and the whole snapshot is restored (a plugin may
    write any field). Exact for every vanilla joker, blind and card modifier and every
    conformance vector (tests/test_scenario_pool.py compares every field).
    """

    __slots__ = (
        "cards", "derived", "hand_layout", "hands", "jokers", "light", "rows_written", "run",
    )  # fmt: skip

    def __init__(self, game: Game, snap: GameSnapshot) -> None:
        run = game.run
        self.run = _SCORED_RUN(run)
        self.hand_layout = run.hand_layout
        self.hands = list(map(_HAND_FIELDS, run.hands))  # (the rows stay the run's own)
        self.jokers = _marshalled([j.state for j in game.jokers])
        #: :data:`DERIVED` when the rules were last as saved.
        self.derived = DERIVED[0]
        #: :data:`~balatro_ecs.game.state.ROWS_WRITTEN` when the hands' rows were last
        #: as saved.
        self.rows_written = ROWS_WRITTEN[0]
        #: Each card with its place, tally and detection key, as saved.
        self.cards = [
            (card, *state[2:]) for card, state in zip(snap.cards, snap.card_state, strict=True)
        ]
        self.light = (
            self.jokers is not None
            and own_content_only(game)
            and _own_cards(game, (C.Area.PLAY, C.Area.DECK, C.Area.DISCARD))
            and not game.plugins.broadcast_has_impls("balatro_hand_scored")
        )


def restore_scored(game: Game, snap: GameSnapshot, scored: ScoredState) -> None:
    """Put ``game`` back as ``snap`` found it, after it scored one hand: as :func:`restore`
    when ``scored`` is not :attr:`~ScoredState.light` or the hand changed the row of
    jokers or consumables; otherwise the run's fields that scoring writes and the jokers'
    counters only if changed (see :class:`ScoredState`), the rest as :func:`restore`."""
    jokers = game.jokers
    if (
        not scored.light
        or snap.world is not game.world
        or len(jokers) != len(snap.jokers)
        or len(game.consumables) != len(snap.consumables)
    ):
        restore(game, snap)
        scored.derived, scored.rows_written = DERIVED[0], ROWS_WRITTEN[0]
        return
    # The game's attributes: written over; one made since makes the dict longer (exact:
    # then every attribute saved is there, and only those when the lengths are equal).
    own, attrs = game.__dict__, snap.attrs
    own.update(attrs)
    if len(own) != len(attrs):
        _put_attrs(game, attrs)
    changed = game.world.restore(snap.world_state, made_or_deleted_only=True)
    run = game.run
    hands, saved_hands = run.hands, scored.hands
    if ROWS_WRITTEN[0] == scored.rows_written and len(hands) == len(saved_hands):
        # Only the scored hand's own count wrote a row: its hand's, the last hand played.
        last = run.last_hand_played
        if last is not None:
            stats = hands[last]
            stats.level, stats.played, stats.played_this_round, stats.visible = saved_hands[last]
    else:  # some rows were written otherwise since (a level, a round's counts): all back
        for stats, (level, played, this_round, visible) in zip(hands, saved_hands, strict=True):
            stats.level, stats.played, stats.played_this_round, stats.visible = (
                level, played, this_round, visible,
            )  # fmt: skip
        scored.rows_written = ROWS_WRITTEN[0]
    run.dollars, run.last_hand_played, run.hands_left, run.discards_left = scored.run
    run.hand_layout = scored.hand_layout  # (replaced, never changed in place)
    game.rng._state = snap.rng.copy()
    own["_serial"] = itertools.count(snap.serial)  # (game._set_next_serial)
    if DERIVED[0] != scored.derived:  # some game's rules were derived since: compare
        _put_rules(game._rules, snap.rules)
        scored.derived = DERIVED[0]
    for row, contents in snap.rows:
        row[:] = contents
    game.log[:] = snap.log
    for card, area, slot, tally, key in scored.cards:
        z = card.zone  # a card is its table: restored with the world
        z.area, z.slot = area, slot
        card._tally, card._key = tally, key
    same = _marshalled([j.state for j in jokers]) == scored.jokers
    for joker, state, saved, stickers, buy, sell_override, free, area, slot in snap.jokers:
        if changed and joker.entity in changed:
            joker._take_values()
        if not same or joker.state is not state or joker._table[C.Counters].values is not state:
            _put_state(joker, state, saved)  # (a counters dict swapped for another: back too)
        joker._stickers.values = stickers
        p = joker._price
        p.buy, p.sell_override, p.free = buy, sell_override, free
        z = joker.zone
        z.area, z.slot = area, slot
    if snap.consumables or snap.blind is not None:
        _restore_consumables_and_blind(snap, changed)


def _put_attrs(game: Game, attrs: dict[str, Any]) -> None:
    """The game's attributes become ``attrs``: written over, then the ones made since
    dropped, so no attribute is ever missing on the way (the watchdog thread reads a
    game's guard state while its own thread restores it)."""
    own = game.__dict__
    made_since = own.keys() - attrs.keys()
    own.update(attrs)
    for name in made_since:
        del own[name]


def _restore_streams_rules_rows_and_cards(game: Game, snap: GameSnapshot) -> None:
    """Put back the random streams, the serial counter, the rules (only when they
    changed), every row's contents, the log and each card's place (the middle part of
    :func:`restore` and :func:`restore_scored` alike)."""
    game.rng._state = snap.rng.copy()
    game._set_next_serial(snap.serial)
    _put_rules(game._rules, snap.rules)
    for row, contents in snap.rows:
        row[:] = contents
    game.log[:] = snap.log

    for card, (_, _, area, slot, tally, key) in zip(snap.cards, snap.card_state, strict=True):
        z = card.zone  # a card is its table: restored with the world
        z.area, z.slot = area, slot
        card._tally, card._key = tally, key


def _put_rules(rules: Rules, saved: tuple[Any, ...]) -> None:
    """The rules' fields become ``saved`` (written only if one differs, in value or type)."""
    now = _RULES_OF(rules)
    if now != saved or list(map(type, now)) != list(map(type, saved)):
        _PUT_RULES(rules, saved)


def _restore_consumables_and_blind(snap: GameSnapshot, changed: set[int]) -> None:
    """Put back the consumables' state, prices and places and the blind's state (the last
    part of :func:`restore` and :func:`restore_scored` alike)."""
    for item, state, saved, buy, sell_override, free, area, slot in snap.consumables:
        if changed and item.entity in changed:
            item._take_values()
        _put_state(item, state, saved)
        p = item._price
        p.buy, p.sell_override, p.free = buy, sell_override, free
        z = item.zone
        z.area, z.slot = area, slot
    if snap.blind is not None:
        blind, disabled, triggered, memory, saved_memory = snap.blind
        blind_state = blind._state
        blind_state.disabled, blind_state.triggered = disabled, triggered
        memory.clear()
        memory.update(_deep(saved_memory))
        blind_state.memory = memory


def _put_state(item: Joker | Consumable, state: dict[str, Any], saved: dict[str, Any]) -> None:
    """The counters dict the handle had, holding the saved counters again (always put
    back: ``1`` and ``1.0`` compare equal, but save differently)."""
    state.clear()
    state.update(_deep(saved))
    item.state = state
    counters = item._table[C.Counters]
    if counters.values is not state:
        counters.values = state


# ---------------------------------------------------------------------------------------
# a new game, or another game, from a snapshot
# ---------------------------------------------------------------------------------------


def _copy_component(component: Any) -> Any:
    """A copy of a component nobody's handle owns (made by a plugin): shared if frozen."""
    params = getattr(type(component), "__dataclass_params__", None)
    if params is not None and params.frozen:
        return component
    if is_dataclass(component):
        new = copy.copy(component)
        for f in fields(new):
            value = getattr(new, f.name)
            if isinstance(value, (dict, list)):
                setattr(new, f.name, _deep(value))
        return new
    return copy.deepcopy(component)


def _entities(
    snap: GameSnapshot, rules: Rules, tally: list[int], fresh: Callable[[Any], Any], adopt: bool
) -> tuple[dict[int, Any], dict[int, Any], Blind | None]:
    """Every entity of ``snap`` made again for a game whose rules and tally are these: the
    tables by id (in creation order), the new handles by id, and the blind's handle."""
    world_state = snap.world_state
    # Every table copied (in creation order); a handle's state components replaced below,
    # and a card's saved contents (a tuple) made a new card.
    saved = world_state.saved
    if not adopt:
        saved = tuple([s.copy() if type(s) is dict else s for s in saved])
    tables: dict[int, Any] = dict(zip(world_state.ids, saved, strict=True))
    owned: set[int] = set()
    made: dict[int, Any] = {}
    tally[:] = snap.rows[-1][1]
    columns = snap.card_columns
    if columns is not None:  # (a binary save's cards, read as columns)
        ids, serials, areas, slots, counts, values, extras = columns
        if type(counts) is int:
            counted: list[list[int] | None] = [tally] * counts
            counted += [None] * (len(ids) - counts)
        else:
            counted = [tally if t else None for t in counts]
        cards = make_cards(values, serials, areas, slots, rules, counted, ids, extras)
        made.update(zip(ids, cards, strict=True))
        tables.update(made)
    elif snap.card_state:
        ids, serials, areas, slots, tallies, keys = zip(*snap.card_state, strict=True)
        # Each card's saved contents: its values (shared) and side dict (never changed in
        # place, so shared too).
        values, side = zip(*map(tables.__getitem__, ids), strict=True)
        if None in tallies:  # (an offer in the shop or a pack counts in no tally)
            counted = [tally if t is not None else None for t in tallies]
        else:
            counted = [tally] * len(ids)
        cards = make_cards(
            values, serials, areas, slots, rules, counted, ids,
            None if side.count(None) == len(side) else side, keys,
        )  # fmt: skip
        made.update(zip(ids, cards, strict=True))
        tables.update(made)
    for joker, _state, saved, stickers, buy, sell_override, free, area, slot in snap.jokers:
        entity = joker.entity
        table = tables[entity]
        table[C.Counters] = C.Counters(fresh(saved))
        table[C.Stickers] = C.Stickers(stickers)
        table[C.Price] = C.Price(buy, sell_override, free)
        table[C.Zone] = C.Zone(area, slot)
        made[entity] = Joker(entity, joker.type, table)
    for item, _state, saved, buy, sell_override, free, area, slot in snap.consumables:
        entity = item.entity
        table = tables[entity]
        table[C.Counters] = C.Counters(fresh(saved))
        table[C.Price] = C.Price(buy, sell_override, free)
        table[C.Zone] = C.Zone(area, slot)
        made[entity] = Consumable(entity, item.type, table)
    blind_handle = None
    if snap.blind is not None:
        blind, disabled, triggered, _memory, saved_memory = snap.blind
        entity = blind.entity
        table = tables[entity]
        blind_state = table[C.BlindState] = C.BlindState(disabled, triggered, fresh(saved_memory))
        owned.add(entity)
        blind_handle = Blind(entity, blind.type, blind_state)
    owned.add(snap.attrs["deck"].entity)  # only frozen values
    owned.update(made)
    if len(owned) != len(tables):  # entities no handle owns (made by a plugin): copied
        for entity in tables.keys() - owned:
            tables[entity] = {k: _copy_component(v) for k, v in tables[entity].items()}
    return tables, made, blind_handle


#: Whether :func:`build` makes its games bare (:func:`_bare`); off: through
#: ``Game.__init__`` (``tools/bench_ablations.py``).
bare_games = True
#: Per game class: whether its ``__init__`` is the engine's own (a subclass that adds its
#: own is made through it).
_BARE_KINDS: dict[type, bool] = {}


def bare_ok(kind: type[Game]) -> bool:
    """Whether games of ``kind`` can be made bare (its ``__init__`` is ``Game``'s)."""
    found = _BARE_KINDS.get(kind)
    if found is None:
        found = _BARE_KINDS[kind] = kind.__init__ is getattr(kind, "_engine_init", None)
    return found and bare_games


def _bare(kind: type[Game], attrs: dict[str, Any]) -> Game:
    """A game of ``kind`` holding what ``Game(..., start=False)`` sets that :func:`build`
    does not set again (its own containers and starting values); the run record, the
    streams' positions, the rows, the deck, the log and the rest are :func:`build`'s. Not
    through ``Game.__init__``: that would make a run record, a deck entity and rows only
    to drop them."""
    game = kind.__new__(kind)
    own = game.__dict__
    own.update(STARTING_VALUES)
    seed = attrs["seed"]
    own["plugins"] = attrs["plugins"]
    own["seed"] = seed
    own["atomic"] = attrs["atomic"]
    own["budget"] = attrs["budget"]
    own["checks"] = attrs["checks"]
    own["world"] = World()
    own["rng"] = GameRandom(seed)
    own["_rules"] = Rules()
    own["_areas"] = {area: [] for area in _CARD_AREAS}
    own["_tally"] = []
    own["_tag_hands"] = {}
    own["stake"] = None
    return game


def build(snap: GameSnapshot, into: Game | None = None, *, adopt: bool = False) -> Game:
    """A game in the state of ``snap`` with its own handles and state components (same
    entity ids, same plugins): a new game of the class the snapshot was taken from
    (``Game.clone``), or ``into`` made over.

    ``adopt``: the new game takes the snapshot's own copies (the run record, the tables,
    the counters) instead of copying them again; the snapshot must not be used after
    (``Game.clone`` takes one for this alone)."""
    fresh: Callable[[Any], Any] = _same if adopt else _deep

    attrs = snap.attrs
    source_deck: Deck = attrs["deck"]
    if into is None and bare_ok(snap.kind):
        game = _bare(snap.kind, attrs)
    elif into is None:
        game = snap.kind(
            deck=source_deck.type,
            seed=attrs["seed"],
            plugins=attrs["plugins"],
            atomic=attrs["atomic"],
            budget=attrs["budget"],
            checks=attrs["checks"],
            start=False,
        )
    else:
        game = into
        game.plugins = attrs["plugins"]
        game.seed = attrs["seed"]
        game.atomic = attrs["atomic"]
        game.budget = attrs["budget"]
        game.checks = attrs["checks"]
        game.rng = GameRandom(game.seed)
    game.stake = attrs["stake"]
    game.run = snap.run if adopt else snap.run.copy()
    game.rng._state = snap.rng if adopt else snap.rng.copy()
    rules = game._rules
    _PUT_RULES(rules, snap.rules)

    tables, made, game.blind = _entities(snap, rules, game._tally, fresh, adopt)
    game.deck = Deck(source_deck.entity, source_deck.type)
    game.world.load(tables.items(), snap.world_state.next_id)

    rows = snap.rows
    handle = made.__getitem__
    deck, hand, play, discard, jokers, consumables, shop, pack = snap.row_ids
    for area, ids in zip(_CARD_AREAS, (deck, hand, play, discard), strict=True):
        game._areas[area][:] = map(handle, ids)
    game.jokers = list(map(handle, jokers))
    game.consumables = list(map(handle, consumables))
    game.shop = list(map(handle, shop))
    game.shop_vouchers = list(rows[7][1])
    game.shop_packs = list(rows[8][1])
    game.pack = list(map(handle, pack))
    game.events = []
    game._queued = []
    for name in ("free_packs", "pack_key", "pack_picks", "pack_return", "joker_buffer"):
        setattr(game, name, attrs[name])
    game._set_next_serial(snap.serial)
    game.log = list(snap.log)
    # The rules are the saved ones; the plans hold handles, so they are made again for the
    # new jokers, and the game is as up to date as the original was: a change the original
    # has yet to take in (its next sync) is taken in by the copy's next sync too.
    game.row_version = attrs["row_version"]
    game._synced = attrs["_synced"]
    game._plans = None if attrs["_plans"] is None else JokerPlans(game.plugins, game.jokers)
    return game


def clone(game: Game) -> Game:
    """An independent copy of ``game``, sharing its plugins (saves to the same bytes): a
    new game built from a snapshot that only the copy uses."""
    return build(take(game), adopt=True)


class StartCopy:
    """A prepared start's entities as columns, worked out once from its snapshot: what
    :func:`materialize` makes each new game's own copy from without going through the
    snapshot entity by entity (:func:`_entities`), where the start holds only playing
    cards, each counted in the tally, and tables of frozen values (the deck's): no joker,
    consumable, blind, shop or pack offer (:meth:`of` says ``None`` otherwise). The
    cards are made by one :func:`~balatro_ecs.game.cards.make_cards` call, the world's
    tables in the snapshot's order; the same objects, values and order as the general
    path (tests/test_prepared_starts.py compares the two)."""

    __slots__ = ("columns", "count", "ids", "next_id", "order", "others", "rows")

    #: The arguments of :func:`~balatro_ecs.game.cards.make_cards` but the rules and
    #: tallies: values, serials, areas, slots, entity ids, side dicts, detection keys.
    columns: tuple[Any, ...]
    count: int
    #: The cards' entity ids, in the rows' order.
    ids: tuple[int, ...]
    next_id: int
    #: The world's ids in creation order, and each one's index in ``cards + others``.
    order: tuple[tuple[int, ...], tuple[int, ...]]
    #: The tables of the entities that are not cards (the deck's), copied per game.
    others: tuple[dict[type, Any], ...]
    #: Per card area: where its row begins and ends in the cards.
    rows: tuple[tuple[C.Area, int, int], ...]

    @classmethod
    def of(cls, snap: GameSnapshot) -> StartCopy | None:
        """The columns of ``snap``, or ``None`` when it holds more than this copies."""
        if (
            snap.card_columns is not None
            or not snap.card_state
            or snap.jokers
            or snap.consumables
            or snap.blind is not None
            or any(snap.row_ids[4:])
        ):
            return None
        world_state = snap.world_state
        tables = dict(zip(world_state.ids, world_state.saved, strict=True))
        ids, serials, areas, slots, tallies, keys = zip(*snap.card_state, strict=True)
        if None in tallies or list(ids) != [i for row in snap.row_ids[:4] for i in row]:
            return None
        deck = snap.attrs["deck"].entity
        cards = set(ids)
        others = [entity for entity in world_state.ids if entity not in cards]
        frozen = [table for entity in others if type(table := tables[entity]) is dict]
        if len(frozen) != len(others) or others not in ([], [deck]):
            return None  # (entities no handle owns: the general path copies them)
        values, side = zip(*map(tables.__getitem__, ids), strict=True)
        made = cls.__new__(cls)
        made.ids = ids
        made.count = len(ids)
        made.columns = (
            values, serials, areas, slots, ids,
            None if side.count(None) == len(side) else side, keys,
        )  # fmt: skip
        made.others = tuple(frozen)
        # The world's tables in the snapshot's order: index j of (cards + others).
        where = {entity: j for j, entity in enumerate((*ids, *others))}
        made.order = (world_state.ids, tuple(where[entity] for entity in world_state.ids))
        ends = list(itertools.accumulate(len(row) for row in snap.row_ids[:4]))
        made.rows = tuple(zip(_CARD_AREAS, [0, *ends[:-1]], ends, strict=True))
        made.next_id = world_state.next_id
        return made

    def make(self, rules: Rules, tally: list[int]) -> tuple[dict[int, Any], list[Card]]:
        """The world's tables (by id, in creation order) and the cards (in the rows'
        order: deck, hand, play, discard) of a new copy with these rules and tally."""
        values, serials, areas, slots, ids, side, keys = self.columns
        tallies = [tally] * self.count
        cards = make_cards(values, serials, areas, slots, rules, tallies, ids, side, keys)
        every = cards + [table.copy() for table in self.others]
        order_ids, order = self.order
        return dict(zip(order_ids, map(every.__getitem__, order), strict=True)), cards


def materialize(game: Game, snap: GameSnapshot, start: StartCopy | None = None) -> None:
    """Give ``game``, made from a prepared start (:mod:`balatro_ecs.game.prepared`) and
    sharing its entities until now, its own copy of them: the world, the rows of cards,
    the jokers and consumables, the tally, the rules and the call plans, as ``snap`` (the
    start, taken at the end of the seed's common part) holds them, and the run record's
    own copy of the containers and hand levels it still shared
    (:meth:`~balatro_ecs.game.state.RunState.unshare`). The rest of the game is its own
    already (the run record's other fields, the random streams, the seed's draws).

    ``start``: the snapshot's columns (:class:`StartCopy`), when it has them: the same
    copy, made from them in fewer steps."""
    game.run.unshare()
    attrs = game.__dict__
    for name, value in STARTING_VALUES.items():  # (every attribute its own, as in any game)
        if name not in attrs:
            attrs[name] = value
    for name, empty in MADE_ON_USE.items():
        if name not in attrs:
            attrs[name] = empty()
    rules = Rules()
    _PUT_RULES(rules, snap.rules)
    tally: list[int] = list(snap.rows[-1][1])
    world = World()
    held: list[Joker]
    if start is not None and start_copies:
        tables, cards = start.make(rules, tally)
        world.load(tables.items(), start.next_id)
        areas = {area: cards[begin:end] for area, begin, end in start.rows}
        held = []
        consumables: list[Consumable] = []
    else:
        tables, made, _ = _entities(snap, rules, tally, _deep, False)
        world.load(tables.items(), snap.world_state.next_id)
        handle = made.__getitem__
        deck, hand, play, discard, jokers, kept, _, _ = snap.row_ids
        areas = {
            area: list(map(handle, ids))
            for area, ids in zip(_CARD_AREAS, (deck, hand, play, discard), strict=True)
        }
        held = list(map(handle, jokers))
        consumables = list(map(handle, kept))
    attrs["world"] = world
    attrs["_rules"] = rules
    attrs["_tally"] = tally
    attrs["_areas"] = areas
    attrs["jokers"] = held
    attrs["consumables"] = consumables
    attrs["_plans"] = None if snap.attrs["_plans"] is None else JokerPlans(game.plugins, held)


#: Whether :func:`materialize` uses a prepared start's columns (:class:`StartCopy`); off:
#: the general path for every start (``tools/bench_ablations.py``, tests).
start_copies = True


# ---------------------------------------------------------------------------------------
# the preview state: what scoring a hand can change
# ---------------------------------------------------------------------------------------


def _marshalled(states: list[dict[str, Any]]) -> bytes | None:
    """Jokers' counters as :mod:`marshal` bytes, or ``None`` when they hold something
    marshal cannot write. Version 2 writes no back-references, so counters equal in value
    and type always give equal bytes; loading them makes a fresh deep copy."""
    try:
        return marshal.dumps(states, 2)
    except ValueError:
        return None


#: A poker hand's numbers, as :class:`PreviewState` keeps them.
_HAND_FIELDS = operator.attrgetter("level", "played", "played_this_round", "visible")


class PreviewState:
    """Everything scoring a hand can change, saved so that a preview can put it back."""

    __slots__ = (
        "areas",
        "blind",
        "cards",
        "dollars",
        "events",
        "hands",
        "jokers",
        "known",
        "last_hand",
        "layout",
        "rng",
        "serial",
        "tally",
    )

    def __init__(self, game: Game) -> None:
        run = game.run
        self.hands = list(map(_HAND_FIELDS, run.hands))
        self.dollars = run.dollars
        self.events = len(game.events)
        self.last_hand = run.last_hand_played
        self.layout = run.hand_layout  # replaced, never changed in place
        self.rng = game.rng.snapshot()
        self.serial = game._next_serial()  # a card made by the preview (DNA) gives it back
        self.tally = list(game._tally)
        jokers = list(game.jokers)
        states = [j.state for j in jokers]
        data = _marshalled(states)  # all the counters in one go, as bytes
        self.jokers = (jokers, data, None if data is not None else list(map(deep_copy, states)))
        self.areas = {area: list(game._areas[area]) for area in (C.Area.HAND, C.Area.PLAY)}
        self.known = frozenset(map(id, itertools.chain(*self.areas.values())))
        self.cards = [(c, c._values) for c in game._areas[C.Area.HAND]]
        blind = game.blind
        self.blind = (
            (blind._state.triggered, deep_copy(blind._state.memory)) if blind is not None else None
        )

    def restore(self, game: Game) -> None:
        """Put the game back as it was when this state was saved (as often as needed)."""
        run = game.run
        for stats, (level, played, this_round, visible) in zip(run.hands, self.hands, strict=True):
            stats.level, stats.played, stats.played_this_round, stats.visible = (
                level, played, this_round, visible,
            )  # fmt: skip
        run.dollars = self.dollars
        del game.events[self.events :]
        run.last_hand_played = self.last_hand
        run.hand_layout = self.layout
        if not game.rng.at(self.rng):  # most hands draw nothing
            game.rng.restore(self.rng)
        game._tally[:] = self.tally
        game._set_next_serial(self.serial)
        jokers, data, copies = self.jokers
        if data is not None:
            # Put the counters back only if a joker's changed (few hands change any).
            copies = None if _marshalled([j.state for j in jokers]) == data else marshal.loads(data)
        if copies is not None:
            for joker, state in zip(jokers, copies, strict=True):
                joker.state.clear()
                joker.state.update(state)
        known = self.known
        for area in (C.Area.HAND, C.Area.PLAY):
            if known.issuperset(map(id, game._areas[area])):
                continue  # no card made during the preview (the usual case)
            for card in list(game._areas[area]):
                if id(card) not in known:  # made during the preview (DNA)
                    game._areas[area].remove(card)
                    card._tally = None
                    game.world.delete(card.entity)
        for area, cards in self.areas.items():
            game._areas[area][:] = cards
            for i, card in enumerate(cards):
                card.zone.area = area
                card.zone.slot = i
        for card, values in self.cards:  # shared values: swapped back
            if card._values is not values:
                card._set_values(values)
        if self.blind is not None and game.blind is not None:
            state = game.blind._state
            triggered, memory = self.blind
            state.triggered = triggered
            state.memory = deep_copy(memory)  # a copy: the saved one serves the next restore


def _stage_play(game: Game, positions: list[int]) -> None:
    """Move the hand cards at ``positions`` (sorted, distinct) to the end of the play
    area, left to right as the game places them (:meth:`Game.laid_out
    <balatro_ecs.game.Game.laid_out>`): what playing them does card by card, in one pass."""
    hand = game._areas[C.Area.HAND]
    play = game._areas[C.Area.PLAY]
    play_area = C.Area.PLAY
    for card in game.laid_out([hand[i] for i in positions]):
        zone = card.zone
        zone.area, zone.slot = play_area, len(play)
        play.append(card)
    for i in reversed(positions):
        del hand[i]
    for i in range(positions[0], len(hand)):
        hand[i].zone.slot = i


def preview_plays(game: Game, plays: Sequence[list[int]]) -> list[ScoreResult]:
    """What each play (sorted, distinct hand positions, already checked) would score now,
    the game put back after each, whatever the hooks wrote (:class:`PreviewSession`)."""
    results: list[ScoreResult] = []
    with PreviewSession(game) as session:
        for positions in plays:
            try:
                results.append(session.score(positions))
            finally:
                session.put_back()
    return results


class PreviewSession:
    """Plays scored on a game and put back, guarded as an action is (``with`` it).

    With only the game's own content in play (:func:`own_content_only`), the game's
    scoring writes no more than :class:`PreviewState` keeps (tested on every vanilla
    joker), so that is saved once and put back after each play. With any other content in
    play -- a pack's joker, consumable, blind, deck, card modifier or scoring system --
    a whole snapshot (:func:`take`) is, and restored in place after each play: a plugin
    may write anything (run fields, hands and discards, counters, cards, jokers, tags,
    random streams), and none of it outlives the preview. The time budget watches the
    session (:mod:`balatro_ecs.kernel.guard`) unless an action already does, and a
    plugin's fault while scoring is raised as the :class:`HookError` naming it.
    """

    __slots__ = ("game", "guarded", "saved", "snap", "watch")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.guarded = not game._busy  # (a preview inside an action is guarded by it)
        self.saved: PreviewState | None = None
        self.snap: GameSnapshot | None = None
        self.watch = game._hand_watch

    def __enter__(self) -> PreviewSession:
        game = self.game
        game._hand_watch = False  # a scoring hand draws nothing
        if self.guarded:
            game._busy = get_ident()
            game._tick += 1
            if not game._watched:
                watch_game(game)
        # (saved after the guard is set: a whole snapshot puts the guard's state back too)
        if own_content_only(game):
            self.saved = PreviewState(game)
        else:
            self.snap = take(game)
        return self

    def __exit__(self, *exc: object) -> None:
        game = self.game
        game._hand_watch = self.watch
        if self.guarded:
            game._busy = 0

    def also_known(self, items: Iterable[object]) -> None:
        """Count these cards as the game's own, not made by the preview (a world of
        :mod:`balatro_ecs.game.unseen` deals unseen cards into the hand)."""
        if self.saved is not None:
            self.saved.known = self.saved.known | frozenset(map(id, items))

    def score(self, positions: list[int]) -> ScoreResult:
        """Stage and score this play (the game is *not* put back: :meth:`put_back`)."""
        game = self.game
        try:
            _stage_play(game, positions)
            return score_play(game, game.plans, preview=True)
        except (Exception, HookTimeout) as err:  # a plugin's fault: named
            if self.guarded:
                game._busy = 0  # (no HookTimeout while putting the game back)
            named = name_fault(game.plugins, err)
            if named is None:
                raise
            raise named from err

    def put_back(self) -> None:
        """Put the game back as it was when the session began."""
        if self.saved is not None:
            self.saved.restore(self.game)
        else:
            assert self.snap is not None
            restore(self.game, self.snap)


def own_content_only(game: Game) -> bool:
    """Whether only the game's own (vanilla) content can run while a hand scores now: the
    jokers, consumables, blind and deck, the modifiers of the cards in hand, and the
    scoring systems are all the vanilla pack's."""
    plans = game.plans
    row = plans.foreign  # the row, the deck and the systems: worked out once per row
    if row is None:
        row = plans.foreign = not _own_row(game)
    if row:
        return False
    blind = game.blind
    if blind is plans.own_blind and not game.consumables and plans.own_kinds is None:
        return True  # (the common case: as the last time, nothing more to look at)
    own: _OwnContent = game.plugins.cache[_OWN_CACHE]
    pack_of = own.pack_of
    for item in game.consumables:
        if pack_of(item.key) != VANILLA:
            return False
    if blind is not None and pack_of(blind.key) != VANILLA:
        return False
    plans.own_blind, plans.own_kinds = blind, own.kinds
    return _own_cards(game, (C.Area.HAND,))


def _own_cards(game: Game, areas: Iterable[C.Area]) -> bool:
    """Whether no card of these areas has a card modifier of other content than the game's
    own (:func:`own_content_only` has worked out the kinds)."""
    own = game.plugins.cache.get(_OWN_CACHE)
    if own is None:
        own = game.plugins.cache[_OWN_CACHE] = _OwnContent(game.plugins)
    kinds = own.kinds
    if kinds is not None:
        enhancements, editions, seals = kinds
        for area in areas:
            for card in game._areas[area]:
                if (
                    card._enhancement.kind in enhancements
                    or card._edition.kind in editions
                    or card._seal.kind in seals
                ):
                    return False
    return True


def _own_row(game: Game) -> bool:
    """Whether the scoring systems, the joker row and the deck are all the game's own."""
    plugins = game.plugins
    own = plugins.cache.get(_OWN_CACHE)
    if own is None:
        own = plugins.cache[_OWN_CACHE] = _OwnContent(plugins)
    pack_of = own.pack_of
    return (
        own.systems
        and pack_of(game.deck.key) == VANILLA
        and all(pack_of(joker.key) == VANILLA for joker in game.jokers)
    )


_OWN_CACHE = "preview: own content"


class _OwnContent:
    """What :func:`own_content_only` reads of a plugin set, worked out once per set: the
    lookup of a key's pack, whether every scoring system is the game's, and the card
    modifier kinds declared by other content."""

    __slots__ = ("kinds", "pack_of", "systems")

    def __init__(self, plugins: Any) -> None:
        self.pack_of = pack_of = plugins.pack_of

        def vanilla(key: str) -> bool:
            return bool(pack_of(key) == VANILLA)

        schedule = plugins.schedule(SCORING_EVENT)
        self.systems = all(
            plugins.system_origin(SCORING_EVENT, name) == VANILLA for name in schedule.names
        )
        enhancements = frozenset(t.kind for t in plugins.all(EnhancementType) if not vanilla(t.key))
        editions = frozenset(t.kind for t in plugins.all(EditionType) if not vanilla(t.key))
        seals = frozenset(t.kind for t in plugins.all(SealType) if not vanilla(t.key))
        self.kinds = (enhancements, editions, seals) if enhancements or editions or seals else None

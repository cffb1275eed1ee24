"""What a game holds: its world, its run record, its rows, its random streams, its plugins.

:class:`GameCore` is the state every other part of a :class:`~balatro_ecs.game.Game`
works on, set up empty, with the read-only views of the rows. The layers above it add
behaviour, each using only the layers below:

* :class:`~balatro_ecs.game.sync.RulesSync`: the rules and call plans kept in step with the
  joker row, and the blind's card debuffs (internals);
* :mod:`balatro_ecs.game.commands`: what plugins call to change the game (the
  :class:`~balatro_ecs.game.commands.GameCommands` protocol);
* :class:`~balatro_ecs.game.Game`: the player's protocol (legal actions, apply, snapshot,
  save, ...).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..kernel import components as C
from ..kernel.content import DeckType, StakeType
from ..kernel.enums import Enhancement
from ..kernel.errors import BalatroError, show
from ..kernel.guard import DEFAULT_BUDGET
from ..kernel.manager import Plugins
from ..kernel.rng import GameRandom
from ..kernel.world import World
from .actions import Outcome
from .blinds import Blind, Deck
from .cards import Card
from .dispatch import JokerPlans
from .jokers import Consumable, Joker
from .rules import Rules
from .state import Phase, RunState, hand_table, new_memory

__all__ = [
    "CARD_AREAS",
    "DEFAULT",
    "MADE_ON_USE",
    "SHARED_UNTIL_USED",
    "STARTING_VALUES",
    "Default",
    "GameCore",
    "StartSource",
    "action_budget",
    "check_unlocks",
]


class Default:
    """The type of :data:`DEFAULT`: "the default", where ``None`` means something else
    (``Game(budget=None)``: no time budget)."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT = Default()

#: The areas playing cards live in, in the order :attr:`GameCore.playing_cards` lists them.
CARD_AREAS = (C.Area.DECK, C.Area.HAND, C.Area.PLAY, C.Area.DISCARD)
#: What a game made from a prepared start shares with it until first used (then copied:
#: :meth:`StartSource.materialize`): the world and the entities in it, the rows of cards,
#: the jokers and consumables, the tally, the rules and the call plans.
SHARED_UNTIL_USED = frozenset(
    {"world", "_areas", "_tally", "_rules", "jokers", "consumables", "_plans"}
)
#: The containers a game made from a prepared start does without until first asked for:
#: each is made empty then (``core._OnFirstUse``), and every one still missing when
#: the game first uses its entities (:meth:`StartSource.materialize`).
MADE_ON_USE: dict[str, Callable[[], Any]] = {
    "shop": list, "shop_vouchers": list, "shop_packs": list, "pack": list, "events": list,
    "log": list, "_queued": list, "_tag_hands": dict,
}  # fmt: skip
#: The starting value of each of a game's attributes that starts as the same plain value
#: in every game (as :meth:`GameCore.__init__` sets them). They are the class's too, so a
#: game made from a prepared start holds only those it has changed, until it first uses
#: its entities (then it holds every one, as any other game does).
STARTING_VALUES: dict[str, Any] = {
    "_busy": 0, "_tick": 0, "_watched": False, "_good": None, "free_packs": False,
    "pack_key": None, "pack_picks": 0, "pack_return": Phase.SHOP, "blind": None,
    "row_version": 0, "_synced": None, "joker_buffer": 0, "_layout_places": None,
    "_hand_depth": 0, "_hand_watch": True, "_in_money_chain": False, "_rules_dirty": False,
    "_rule_states": None,
}  # fmt: skip


def check_unlocks(unlocks: str) -> None:
    """Refuse a profile other than ``"all"`` or ``"shipped"``."""
    if unlocks not in ("all", "shipped"):
        raise BalatroError(f"unlocks: 'all' or 'shipped', not {show(unlocks)}")


def action_budget(budget: float | Default | None) -> float | None:
    """The seconds one action may run (:data:`DEFAULT`: the guard's default)."""
    return DEFAULT_BUDGET if isinstance(budget, Default) else budget


class StartSource(Protocol):
    """A prepared start a game shares entities with
    (:class:`balatro_ecs.game.prepared.PreparedStart`)."""

    #: Its playing cards (read only), for what the seed's part draws from them.
    cards: tuple[Card, ...]
    #: Those with a rank, in creation order (:func:`~balatro_ecs.game.cards.ranked_by_creation`).
    ranked: tuple[Card, ...]

    def materialize(self, game: Any) -> None:
        """Give ``game`` its own copy of everything in :data:`SHARED_UNTIL_USED`."""
        ...


class _Starting:
    """The base of :class:`GameCore` holding :data:`STARTING_VALUES` as class attributes
    (what a game reads until it sets its own), and a :class:`_OnFirstUse` for each name
    of :data:`SHARED_UNTIL_USED` and :data:`MADE_ON_USE`."""


for _name, _value in STARTING_VALUES.items():
    setattr(_Starting, _name, _value)


class GameCore(_Starting):
    """A game's state, empty: an esper world of its own, the run record, the ordered rows
    of every area, the shop and pack on display, the random streams and the plugin set.

    Slot order is game data, so each area is an explicit row (a list, left to right), and
    every entity's :class:`~balatro_ecs.kernel.components.Zone` says where it is.
    """

    def __init__(
        self,
        *,
        deck: str | DeckType | None,
        seed: str,
        plugins: Plugins | None,
        unlocks: str,
        atomic: bool,
        budget: float | Default | None = None,
        checks: bool | None = None,
    ) -> None:
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.seed = seed
        self.atomic = atomic
        #: Seconds one action may run before its running hook is stopped (a runaway
        #: hook: :mod:`balatro_ecs.kernel.guard`); ``None``: no limit.
        self.budget: float | None = action_budget(budget)
        #: The thread running an action of this game (0: none), and the actions begun.
        self._busy = 0
        self._tick = 0
        self._watched = False
        #: Check the invariants a save needs after each action
        #: (:mod:`~balatro_ecs.game.run.invariants`): ``None`` when a plugin outside the
        #: vanilla pack implements a hook, ``True`` always, ``False`` never.
        self.checks: bool | None = checks
        self._good: tuple[Any, ...] | None = None  # the run's fields at the last check
        self.world = World()
        self.run = RunState(hands=hand_table(self.plugins), memory=new_memory(self.plugins))
        check_unlocks(unlocks)
        self.run.unlocks = unlocks
        self.rng = GameRandom(self.seed)
        self._rules = Rules()
        self._areas: dict[C.Area, list[Card]] = {area: [] for area in CARD_AREAS}
        self.jokers: list[Joker] = []
        self.consumables: list[Consumable] = []
        #: Shop offers: cards (jokers and consumables), vouchers and packs, by slot.
        self.shop: list[Joker | Consumable | Card] = []
        self.shop_vouchers: list[str] = []
        self.shop_packs: list[str] = []
        #: The shop's packs cost nothing this visit (Coupon Tag).
        self.free_packs = False
        #: The open booster pack: its key, its cards, and picks left.
        self.pack_key: str | None = None
        self.pack: list[Joker | Consumable | Card] = []
        self.pack_picks = 0
        #: The phase to go back to when the pack closes (packs open in the shop or from tags).
        self.pack_return: Phase = Phase.SHOP
        self.blind: Blind | None = None
        deck_type = deck if isinstance(deck, DeckType) else self.plugins.deck(deck)
        self.deck = Deck(self.world.create(C.DeckKind(deck_type.key)), deck_type)
        self.stake: StakeType | None = None
        self._serial = itertools.count(1)
        #: Playing cards per enhancement, kept current as cards come, go and change.
        self._tally = [0] * len(Enhancement)
        self.row_version = 0
        self._plans: JokerPlans | None = None
        self._synced: tuple[int, int] | None = None
        #: Events recorded while the current action runs: ``(phase, source, kind, value, target)``.
        self.events: list[tuple[Any, ...]] = []
        #: Every applied action, in order, with what it did.
        self.log: list[Outcome] = []
        #: Effects waiting for the pass that queued them to end (the game's event queue).
        self._queued: list[Callable[[], Any]] = []
        #: Jokers that queued effects will make, not in the row yet (``joker_buffer``).
        self.joker_buffer = 0
        #: ``(run.hand_layout, its places by serial)``, made once per layout.
        self._layout_places: tuple[list[int], dict[int, int]] | None = None
        #: How many changes of the hand size are under way (only the outer one draws).
        self._hand_depth = 0
        #: Whether a hand size that grows now draws at once (the game waits for the
        #: player or draws; not while a played hand scores or the round ends).
        self._hand_watch = True
        #: Whether the jokers' money chain is running (an ``earn`` its hooks make is not
        #: passed through it again).
        self._in_money_chain = False
        #: The poker hand each tag being gained acts on, by tag key, while it is gained
        #: (an Orbital Tag a mod gives, and the Double Tag's copy of it).
        self._tag_hands: dict[str, Any] = {}
        #: The rules may lag a joker's counters: look again before the next read
        #: (:meth:`~balatro_ecs.game.sync.RulesSync._sync`).
        self._rules_dirty = False
        #: The marshalled counters of the jokers whose rules depend on them, as the rules
        #: were last derived (``None``: none, or not marshallable).
        self._rule_states: bytes | None = None

    @property
    def phase(self) -> Phase:
        """Where the run is: blind select, round, cash-out, shop, pack, game over."""
        return self.run.phase

    # -- the rows, read --------------------------------------------------------------------
    def area(self, area: C.Area) -> list[Card]:
        """The live row of an area (the engine's own list: do not mutate it directly)."""
        return self._areas[area]

    def cards(self, area: C.Area) -> tuple[Card, ...]:
        """The cards in an area, left to right."""
        return tuple(self._areas[area])

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards in hand, left to right."""
        return tuple(self._areas[C.Area.HAND])

    @property
    def playing_cards(self) -> list[Card]:
        """Every playing card the run owns, in any area (the game's ``G.playing_cards``)."""
        out: list[Card] = []
        for area in CARD_AREAS:
            out.extend(self._areas[area])
        return out

    # -- serial numbers (the order entities were made in) ------------------------------------
    def _next_serial(self) -> int:
        """The serial the next entity will get (peeked without using it up)."""
        value = next(self._serial)
        self._serial = itertools.count(value)
        return value

    def _set_next_serial(self, value: int) -> None:
        self._serial = itertools.count(value)

    @staticmethod
    def _renumber(row: list[Any]) -> None:
        """Each item's zone slot is its index in ``row`` again."""
        for i, item in enumerate(row):
            item.zone.slot = i

    # -- a game sharing a prepared start's entities -----------------------------------------
    def _shared_start(self) -> StartSource | None:
        """The prepared start while this game still shares its cards (to read only: what
        the seed's part of a start draws from), else ``None``."""
        source: StartSource | None = self.__dict__.get("_start_source")
        return source


class _OnFirstUse:
    """What a game reads for an attribute it does not hold yet, one of
    :data:`SHARED_UNTIL_USED` or :data:`MADE_ON_USE` (a class attribute of
    :class:`GameCore` per name): a game made from a prepared start gets its own copy of
    what it shared the first time any of it is asked for, and a container made on use is
    made empty then. A game holding the attribute reads its own (this is a non-data
    descriptor: the instance's value comes first).

    These are descriptors rather than a ``__getattr__`` because on CPython 3.11 a class
    with ``__getattr__`` reads every attribute of its instances the slow way (about 28
    against 6 ns a read), and a game reads hundreds per action; a descriptor slows the
    reads of its own name only."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        if game is None:
            return self
        name = self.name
        attrs = game.__dict__
        if name in SHARED_UNTIL_USED:
            source = attrs.pop("_start_source", None)
            if source is not None:
                source.materialize(game)
                return attrs[name]
        made = MADE_ON_USE.get(name)
        if made is not None:
            value = attrs[name] = made()
            return value
        raise AttributeError(f"{type(game).__name__!r} object has no attribute {name!r}")


if not TYPE_CHECKING:  # (so that mypy still reports a misspelt attribute)
    for _name in (*SHARED_UNTIL_USED, *MADE_ON_USE):  # (on the base: not GameCore's API)
        setattr(_Starting, _name, _OnFirstUse(_name))

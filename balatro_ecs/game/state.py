"""Run state that belongs to no entity: money, counters, hand levels, progression, the shop's
numbers.

One :class:`RunState` resource per game. It is plain data: :meth:`RunState.to_dict` and
:meth:`RunState.from_dict` round-trip it through JSON without loss, which is what saving,
cloning and comparing games rely on.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..kernel.content import thawed
from ..kernel.enums import (
    HAND_LEVELS,
    HAND_NAMES,
    HAND_VISIBLE,
    VANILLA_HANDS,
    HandType,
    Suit,
    parse_suit,
)
from ..kernel.errors import UnknownNameError
from .hands import detector
from .run_rules import RUN_START

if TYPE_CHECKING:
    from ..kernel.manager import Plugins

__all__ = [
    "HandLevel",
    "Phase",
    "RunState",
    "hand_count",
    "hand_table",
    "hand_values",
    "hands_by_name",
    "hands_from_saved",
    "new_memory",
    "saved_hand_names",
]


class Phase(str, Enum):
    """Where a run is: what the player decides next."""

    BLIND_SELECT = "blind_select"  #: play or skip the blind on deck
    ROUND = "round"  #: play or discard cards
    CASH_OUT = "cash_out"  #: the round is won: collect the payout
    SHOP = "shop"  #: buy, sell, reroll, then move on
    PACK = "pack"  #: pick cards from an opened booster pack
    GAME_OVER = "game_over"  #: the run is lost


#: The level row of a hand no plugin declared.
_UNDECLARED = (0, 0, 1, 0)


def hand_values(hand: HandType, level: int) -> tuple[float, float]:
    """Base ``(chips, mult)`` of a poker hand at a level (chips >= 0, mult >= 1), from
    its declaration (:class:`~balatro_ecs.kernel.content.PokerHandType`)."""
    # a hand no plugin declared (or one that failed to): no chips, X1
    chips, chips_per_level, mult, mult_per_level = HAND_LEVELS.get(hand, _UNDECLARED)
    return (
        float(max(chips + chips_per_level * (level - 1), 0)),
        float(max(mult + mult_per_level * (level - 1), 1)),
    )


#: How many times any run's poker hands' rows were written by anything but a scored hand's
#: own count of its hand (``detect_hand``): a level changed, a round's counts reset, rows
#: added. While it stays the same, a scored hand wrote its own hand's row alone
#: (``copying.restore_scored`` puts back that row only then).
ROWS_WRITTEN = [0]


@dataclass(slots=True)
class HandLevel:
    """One poker hand's level and play counts."""

    level: int = 1
    played: int = 0
    played_this_round: int = 0
    visible: bool = True


def _default_hands() -> list[HandLevel]:
    return _new_hands(0, len(VANILLA_HANDS))


def _new_hands(start: int, end: int | None = None) -> list[HandLevel]:
    """Fresh rows for the hands numbered ``start`` to ``end`` (default: every hand)."""
    visible = HAND_VISIBLE.get
    return [
        HandLevel(1, 0, 0, visible(hand, True))
        for hand in range(start, len(HandType) if end is None else end)
    ]


def hand_count(plugins: Plugins) -> int:
    """How many rows a run of ``plugins`` has in its table of poker hands."""
    return len(_visible_at_start(plugins))


def hand_table(plugins: Plugins) -> list[HandLevel]:
    """A new run's poker hands: a row for each of the game's twelve and of the hands
    ``plugins`` declare, by :class:`HandType` value (a hand another plugin set declared
    in this process gets a hidden row, if it is numbered between them)."""
    return [HandLevel(1, 0, 0, visible) for visible in _visible_at_start(plugins)]


def _visible_at_start(plugins: Plugins) -> tuple[bool, ...]:
    """Each row's visibility in a new run of ``plugins`` (worked out once per set)."""
    found: tuple[bool, ...] | None = plugins.cache.get("hand rows")
    if found is None:
        kinds = detector(plugins).hands
        size = max(len(VANILLA_HANDS), max(kinds, default=0) + 1)
        found = tuple(
            row.visible and (hand < len(VANILLA_HANDS) or hand in kinds)
            for hand, row in enumerate(_new_hands(0, size))
        )
        plugins.cache["hand rows"] = found
    return found


class _SavedHands:
    """How a run of one plugin set saves its table of poker hands by name (worked out
    once per set): the hands it writes, and each table row's hand name when the row is
    one the set plays (``None`` for a hand another set declared in the process) and its
    visibility in a new run."""

    __slots__ = ("names", "rows", "spec")

    def __init__(self, plugins: Plugins) -> None:
        vanilla = len(VANILLA_HANDS)
        rows: list[tuple[int, str, str | None]] = [(i, HAND_NAMES[i], None) for i in range(vanilla)]
        for item in detector(plugins).types:
            if item.kind >= vanilla:
                rows.append((int(item.kind), HAND_NAMES[item.kind], plugins.pack_of(item.key)))
        rows.sort()
        #: ``(row, name, pack)`` of each hand saved: the game's twelve, then the set's
        #: (``pack``: the id of the pack declaring it; ``None``: the game's, or a loose
        #: plugin's).
        self.rows: tuple[tuple[int, str, str | None], ...] = tuple(rows)
        #: Every hand name saved, to its row.
        self.names: dict[str, int] = {name: row for row, name, _ in rows}
        by_row = {row: name for row, name, _ in rows}
        self.spec: tuple[tuple[str | None, bool], ...] = tuple(
            (by_row.get(row), visible) for row, visible in enumerate(_visible_at_start(plugins))
        )


def _saved_hands(plugins: Plugins) -> _SavedHands:
    found: _SavedHands | None = plugins.cache.get("saved hands")
    if found is None:
        found = plugins.cache["saved hands"] = _SavedHands(plugins)
    return found


def saved_hand_names(plugins: Plugins) -> dict[str, str | None]:
    """The names a save of a run of ``plugins`` gives its poker hands, each with the id of
    the pack that declares it (``None``: the game's twelve, or a loose plugin's hand)."""
    return {name: pack for _, name, pack in _saved_hands(plugins).rows}


def hands_by_name(hands: list[HandLevel], plugins: Plugins) -> dict[str, dict[str, Any]]:
    """A run's table of poker hands as a save writes it: hand name -> its row, for the
    game's twelve and the hands ``plugins`` declare, in table order; a pack's hand also
    names its pack (``"pack": "lucky7"``), so that a save needing it says which pack is
    missing. Rows of hands outside the set (declared by another set in the process) are
    left out: a run of the set never plays them."""
    saved: dict[str, dict[str, Any]] = {}
    size = len(hands)
    visible = _visible_at_start(plugins)
    for row, name, pack in _saved_hands(plugins).rows:
        fields: dict[str, Any]
        if row < size:
            h = hands[row]
            fields = {"level": h.level, "played": h.played,
                      "played_this_round": h.played_this_round, "visible": h.visible}  # fmt: skip
        else:  # (a table made before the hand was declared)
            fields = {"level": 1, "played": 0, "played_this_round": 0, "visible": visible[row]}
        if pack is not None:
            fields["pack"] = pack
        saved[name] = fields
    return saved


def hands_from_saved(saved: Any, plugins: Plugins | None = None) -> list[HandLevel]:
    """A run's table of poker hands from a save: rows by hand name (:func:`hands_by_name`;
    a hand of ``plugins`` the save lacks starts at its first level), or a list by table
    position as saves were written before (a list of the game's twelve alone gets fresh
    rows for the set's hands). Without ``plugins``, rows by name go where the process
    numbers those hands.

    :raises UnknownNameError: a name that is no hand of ``plugins`` (a checked save has
        none: :mod:`balatro_ecs.game.run.save_check` refuses it first).
    """
    if isinstance(saved, list):
        table = [_hand_level(h) for h in saved]
        if plugins is not None and len(table) == len(VANILLA_HANDS):
            table += hand_table(plugins)[len(table) :]
        return table
    if plugins is None:
        rows = {HandType.from_name(name): raw for name, raw in saved.items()}
        table = _new_hands(0, max(len(VANILLA_HANDS), max(rows, default=0) + 1))
        for hand, raw in rows.items():
            table[hand] = _hand_level(raw)
        return table
    known = _saved_hands(plugins)
    for name in saved:
        if name not in known.names:
            raise UnknownNameError("poker hand", name, known.names)
    get = saved.get
    return [
        HandLevel(1, 0, 0, visible) if (raw := get(name)) is None else _hand_level(raw)
        for name, visible in known.spec
    ]


def _start(name: str) -> Any:
    return RUN_START[name]


def _blind_states() -> dict[str, str]:
    return {"Small": "Select", "Big": "Upcoming", "Boss": "Upcoming"}


class _Source:
    """The slot where a run that shares its start's containers keeps that start's run
    (:meth:`RunState.copy_sharing`; unset in every other run)."""

    __slots__ = ("_source",)
    _source: RunState


@dataclass(slots=True)
class RunState(_Source):
    """The run-wide numbers the rules read and change.

    Names follow the game where it has one; ``hands_played`` counts the run,
    ``hands_played_round`` the current round; ``round_hands``/``round_discards`` are what
    every round starts with (the game's ``round_resets``).
    """

    # -- progression ---------------------------------------------------------------------
    ante: int = 1
    round: int = 0
    win_ante: int = 8
    phase: Phase = Phase.BLIND_SELECT
    #: The blind to be played or skipped next: "Small", "Big" or "Boss".
    blind_on_deck: str = "Small"
    blind_states: dict[str, str] = field(default_factory=_blind_states)
    #: This ante's boss blind, by key.
    boss: str = ""
    bosses_used: dict[str, int] = field(default_factory=dict)
    #: The tags offered for skipping this ante's Small and Big blinds, by key.
    tags_offered: dict[str, str] = field(default_factory=dict)
    #: What offered tags decided when shown, by blind (a plugin's tag's own choices).
    tag_memory: dict[str, Any] = field(default_factory=dict)
    #: The poker hand drawn for each blind choice of an ante (the game's
    #: ``orbital_choices``: the Orbital Tag's hand), by ante (as text), then by blind.
    orbital_choices: dict[str, dict[str, str]] = field(default_factory=dict)
    won: bool = False
    #: The win screen is up: ante ``win_ante``'s boss was just beaten and the run waits
    #: for :class:`~balatro_ecs.actions.Endless` (the game's Endless Mode button), the only
    #: legal action until then.
    win_screen: bool = False
    #: The profile: ``"all"`` (everything unlocked and discovered, as seed tools and bots
    #: play) or ``"shipped"`` (the game's shipped unlock flags; tags that need something
    #: discovered are not offered).
    unlocks: str = "all"

    # -- the round ---------------------------------------------------------------------
    round_hands: int = _start("hands_per_round")
    round_discards: int = _start("discards_per_round")
    hand_size: int = _start("hand_size")
    #: Hand size for the next round only (Juggle Tag).
    temp_hand_size: int = 0
    #: Hand size change while the current blind is played (The Manacle: -1).
    blind_hand_size: int = 0
    #: Score needed to beat the current blind, and score made so far this round.
    blind_chips: float = 0.0
    chips: float = 0.0
    hands_left: int = _start("hands_per_round")
    discards_left: int = _start("discards_per_round")
    hands_played_round: int = 0
    discards_used: int = 0
    #: Set at the end of a round: the blind beaten was a boss.
    boss_defeated: bool = False
    #: The round's payout lines, ``[label, dollars]``, shown at cash-out.
    payout: list[list[Any]] = field(default_factory=list)
    #: The hand's cards by serial, left to right as the game last laid the hand out:
    #: when a card last entered it (:meth:`Game.rightmost <balatro_ecs.game.Game.rightmost>`).
    #: Replaced when it changes, never changed in place.
    hand_layout: list[int] = field(default_factory=list)
    #: How the hand is sorted as cards are drawn: ``"rank"``, or ``"suit"`` once the
    #: player sorts by suit (the game's hand keeps the last sort button pressed).
    hand_sort: str = "rank"

    # -- money -----------------------------------------------------------------------------
    dollars: int = _start("dollars")
    interest_cap: int = _start("interest_cap_dollars")
    interest_per_5: int = _start("interest_per_5")
    money_per_hand: int = 1
    money_per_discard: int = 0
    no_interest: bool = False
    discount_percent: int = 0
    inflation: int = 0

    # -- the shop --------------------------------------------------------------------------
    shop_slots: int = 2
    reroll_cost: int = _start("reroll_cost")
    reroll_increase: int = 0
    #: What the next reroll costs.
    reroll_price: int = _start("reroll_cost")
    free_rerolls_left: int = 0
    #: Reroll base for this shop only (D6 Tag), ``None`` when not set.
    temp_reroll_cost: int | None = None
    first_shop_buffoon: bool = False
    #: The voucher offered this ante (redrawn after each boss), by key.
    voucher_offer: str | None = None
    joker_rate: float = 20.0
    tarot_rate: float = 4.0
    planet_rate: float = 4.0
    playing_card_rate: float = 0.0
    spectral_rate: float = 0.0
    #: The shop rates of the consumable sets without a run field of their own (a pack's
    #: sets), by set key, once changed (``game.set_shop_rate``, which also changes the
    #: fields above: each field of the run record has its command, ``docs/objects.md``).
    shop_rates: dict[str, float] = field(default_factory=dict)
    edition_rate: float = 1.0

    # -- slots and stakes -------------------------------------------------------------------
    joker_slots: int = _start("joker_slots")
    consumable_slots: int = _start("consumable_slots")
    stake: int = 1
    ante_scaling: float = 1.0
    #: Which blind-size table the stake uses (1, 2 or 3).
    scaling: int = 1
    #: Blind types ("Small", ...) that pay no reward (Red Stake: Small).
    no_blind_reward: list[str] = field(default_factory=list)
    #: What the stake allows the game's stickers (set by Black, Orange and Gold Stake; read
    #: by the sticker plugins' rolls, ``balatro_ecs_vanilla.stickers``): Eternal,
    #: Perishable and Rental jokers in the shop and packs.
    eternals_in_shop: bool = False
    perishables_in_shop: bool = False
    rentals_in_shop: bool = False
    #: The rounds a new Perishable joker lasts, and the rent a Rental joker charges.
    perishable_rounds: int = _start("perishable_rounds")
    rental_rate: int = _start("rental_rate")

    # -- what has been used ------------------------------------------------------------------
    hands_played: int = 0
    skips: int = 0
    tarots_used: int = 0
    spectrals_used: int = 0
    planets_used: list[str] = field(default_factory=list)
    #: The last Tarot or Planet used (The Fool), by key.
    last_tarot_planet: str | None = None
    unused_discards: int = 0

    # -- rules and targets --------------------------------------------------------------------
    starting_deck_size: int = _start("deck_size")
    #: The base "1 in N" numerator; jokers scale it through ``Rules.probability_scale``.
    probability: float = 1.0
    most_played_hand: HandType = HandType.HIGH_CARD
    last_hand_played: HandType | None = None
    #: The run-state slots of the plugin set's content, by slot name (plain data; declared
    #: by :attr:`ContentType.run_state <balatro_ecs.kernel.content.ContentType.run_state>`,
    #: which gives a new run its values): The Idol's card of the round, Ectoplasm's next
    #: cost, a pack's own counters.
    memory: dict[str, Any] = field(default_factory=dict)
    vouchers: list[str] = field(default_factory=list)
    #: Pool flags (``gros_michel_extinct``).
    flags: list[str] = field(default_factory=list)
    #: Tags the player holds, by key, oldest first.
    tags: list[str] = field(default_factory=list)
    hands: list[HandLevel] = field(default_factory=_default_hands)

    def hand(self, hand: HandType) -> HandLevel:
        if hand >= len(self.hands):
            self.add_hands()
        return self.hands[hand]

    def add_hands(self) -> None:
        """Add rows for every poker hand declared in the process that this run's table
        lacks (what levelling one of them needs)."""
        ROWS_WRITTEN[0] += 1
        self.hands.extend(_new_hands(len(self.hands)))

    def has_voucher(self, key: str) -> bool:
        return key in self.vouchers

    def copy(self) -> RunState:
        """An independent copy (lists, dicts and hand levels copied, not shared)."""
        return _copy_into(self, RunState.__new__(RunState))

    def copy_sharing(self) -> RunState:
        """A copy that shares this run's containers and poker hands' rows until each is
        first read, and copies it then (what a game made from a prepared start is given:
        most of them stay shared in a game that is never played). This run must never
        change afterwards: a prepared start's does not."""
        return _share_into(self, _SharedRun.__new__(_SharedRun))

    def unshare(self) -> None:
        """Take its own copy of whatever it still shares with its start
        (:meth:`copy_sharing`; a game does this when it first uses its entities): nothing
        for any other run."""

    def peek(self, name: str) -> Any:
        """The field ``name``, to read only: a run still sharing its start's value of it
        (:meth:`copy_sharing`) reads that, without copying it."""
        return getattr(self, name)

    def assign(self, other: RunState) -> None:
        """Become an independent copy of ``other``, in place (what restoring a snapshot
        does: whoever holds this object, or one of its poker hands' rows, sees the
        restored numbers)."""
        _assign(other, self)

    # -- the trusted binary save ------------------------------------------------------------
    def to_tuple(self) -> tuple[Any, ...]:
        """Every field, in declaration order, as plain values :mod:`marshal` writes: an
        enum member as its value, the poker hands as ``(level, played, played_this_round,
        visible)`` rows by table position. Containers are the run's own (not copied): write
        the tuple at once. Read back with :meth:`from_tuple` (no check: for the trusted
        binary save, :mod:`balatro_ecs.game.run.binary`)."""
        return _to_tuple(self)

    @classmethod
    def from_tuple(cls, values: tuple[Any, ...]) -> RunState:
        """The run :meth:`to_tuple` wrote (its containers adopted, not copied)."""
        return _from_tuple(values)

    # -- JSON ------------------------------------------------------------------------------------
    def to_dict(self, plugins: Plugins | None = None) -> dict[str, Any]:
        """A JSON-ready copy (enums as names, infinities as strings). The poker hands are
        a list by table position, or with the run's ``plugins`` (what saves write) rows
        by hand name (:func:`hands_by_name`)."""
        return _to_dict(self, plugins)

    @classmethod
    def from_dict(cls, data: dict[str, Any], plugins: Plugins | None = None) -> RunState:
        """Rebuild from :meth:`to_dict` output (poker hands by name are put in the table
        of a run of ``plugins``: :func:`hands_from_saved`)."""
        state = cls()
        _load_into(state, data, plugins)
        if plugins is not None:
            _fill_memory(state.memory, data, plugins)
        return state


def new_memory(plugins: Plugins) -> dict[str, Any]:
    """A new run's memory: every run-state slot of ``plugins``' content, at its starting
    value."""
    return plugins.run_state()


def _fill_memory(memory: dict[str, Any], data: dict[str, Any], plugins: Plugins) -> None:
    """Give every slot of ``plugins`` that a saved run lacks a value: the run's field of
    that name if the save has one (saves written before the slot moved into ``memory``:
    ``ecto_minus``, ``idol_rank``, ...), else the slot's starting value."""
    for name, start in plugins.run_state_declared().items():
        if name not in memory:
            memory[name] = _copy(data[name]) if name in data else thawed(start)


_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RunState))
#: Field values saved as they are (exactly these types: an enum member is an int too).
_PLAIN: frozenset[type] = frozenset({int, str, bool, type(None)})
#: The fields of :class:`RunState` that hold lists or dicts (copied by :meth:`RunState.copy`).
_CONTAINERS: tuple[str, ...] = tuple(
    f.name
    for f in fields(RunState)
    if f.name != "hands" and isinstance(getattr(RunState(), f.name), (list, dict))
)
#: The fields a run made by :meth:`RunState.copy_sharing` shares with its source until
#: each is first used: the containers and the poker hands' rows, less those the seed's
#: part of every start writes (the first boss, the tags offered, the Orbital Tag's hands,
#: the round targets in ``memory``), which are copied at once.
_SHARED_FIELDS: tuple[str, ...] = tuple(
    name
    for name in (*_CONTAINERS, "hands")
    if name not in ("bosses_used", "tags_offered", "orbital_choices", "memory")
)
#: Their slots (member descriptors), and what a slot holds while its field is shared.
_SLOTS: tuple[Any, ...] = tuple(RunState.__dict__[name] for name in _SHARED_FIELDS)
_SLOT_OF: dict[str, Any] = dict(zip(_SHARED_FIELDS, _SLOTS, strict=True))


class _Shared:
    def __repr__(self) -> str:
        return "<shared with the start>"


_SHARED: Any = _Shared()
_ALL_FIELDS = operator.attrgetter(*_NAMES)
#: Containers of plain values (strings, numbers): a shallow copy is a full one.
_FLAT = re.compile(r"^(list\[str\]|dict\[str, (str|int)\])$")


#: New rows with the numbers of ``src``'s poker hands (in the generated copiers).
_FRESH_ROWS = "[HandLevel(h.level, h.played, h.played_this_round, h.visible) for h in src.hands]"


def _copier(
    in_place: bool = False, share: bool = False
) -> Callable[[RunState, RunState], RunState]:
    """``copy_into(src, dst)``: every field of ``src`` into ``dst`` (containers copied), as
    one generated function: a run is copied before every atomic action. ``in_place``: the
    poker hands' rows of ``dst`` hold ``src``'s numbers (when there are as many).
    ``share``: the fields of :data:`_SHARED_FIELDS` hold :data:`_SHARED`, and ``src`` is
    kept as the run they are read from (:class:`_SharedRun`)."""
    lines = ["def copy_into(src, dst):"]
    if share:
        lines.append("    dst._source = src")
    for f in fields(RunState):
        name = f.name
        if share and name in _SHARED_FIELDS:
            lines.append(f"    _SET_{name}(dst, _SHARED)")  # (the slot itself)
            continue
        if name == "hands":
            fresh = _FRESH_ROWS
            if not in_place:
                lines.append(f"    dst.hands = {fresh}")
                continue
            lines += [
                "    rows = dst.hands",
                "    if len(rows) == len(src.hands):",
                "        for d, h in zip(rows, src.hands):",
                "            d.level, d.played, d.played_this_round, d.visible = (",
                "                h.level, h.played, h.played_this_round, h.visible)",
                "    else:",
                f"        rows[:] = {fresh}",
            ]
        elif name in _CONTAINERS:
            flat = _FLAT.match(str(f.type)) is not None
            copied = f"src.{name}.copy()" if flat else f"_copy(src.{name})"
            lines.append(f"    dst.{name} = {copied}")
        else:
            lines.append(f"    dst.{name} = src.{name}")
    lines.append("    return dst")
    namespace: dict[str, Any] = {"HandLevel": HandLevel, "_copy": _copy, "_SHARED": _SHARED}
    namespace.update({f"_SET_{name}": RunState.__dict__[name].__set__ for name in _SHARED_FIELDS})
    exec("\n".join(lines), namespace)  # built once, from the dataclass's own fields
    copier: Callable[[RunState, RunState], RunState] = namespace["copy_into"]
    return copier


def _copy(value: Any) -> Any:
    """A deep copy of plain data (any list or dict, a subclass too, becomes a plain one;
    plain values are kept as they are, without a call)."""
    if isinstance(value, list):
        # A list or dict of plain values (the usual case) is copied in one call: its
        # values' types are checked in C.
        if type(value) is list and all(map(_PLAIN_VALUES.__contains__, map(type, value))):
            return value.copy()
        return [v if type(v) in _PLAIN_VALUES else _copy(v) for v in value]
    if isinstance(value, dict):
        if type(value) is dict and all(map(_PLAIN_VALUES.__contains__, map(type, value.values()))):
            return value.copy()
        return {k: v if type(v) in _PLAIN_VALUES else _copy(v) for k, v in value.items()}
    return value


#: The types :func:`_copy` keeps as they are (immutable; a tuple is kept as it is).
_PLAIN_VALUES: frozenset[type] = frozenset({int, float, str, bool, type(None), tuple})


def _unsharer() -> Callable[[RunState], None]:
    """``unshare(run)``: a run sharing its source (:class:`_SharedRun`) made a plain one,
    with its own copy of each field it still shared (:data:`_SHARED`), as one generated
    function (what :func:`_copier` does for a copy). The class is changed first, so the
    fields are read and set as plain slots."""
    lines = ["def unshare(dst):", "    src = dst._source", "    dst.__class__ = RunState"]
    types = {f.name: str(f.type) for f in fields(RunState)}
    for name in _SHARED_FIELDS:
        if name == "hands":
            copied = _FRESH_ROWS
        elif _FLAT.match(types[name]) is not None:
            copied = f"src.{name}.copy()"
        else:  # (empty, as most are: copied in one call)
            copied = f"src.{name}.copy() if not src.{name} else _copy(src.{name})"
        lines.append(f"    if dst.{name} is _SHARED:")
        lines.append(f"        dst.{name} = {copied}")
    lines.append("    del dst._source")
    namespace: dict[str, Any] = {
        "HandLevel": HandLevel, "_copy": _copy, "_SHARED": _SHARED, "RunState": RunState,
    }  # fmt: skip
    exec("\n".join(lines), namespace)  # built once, from the dataclass's own fields
    unshare: Callable[[RunState], None] = namespace["unshare"]
    return unshare


_copy_into = _copier()
_assign = _copier(in_place=True)
_share_into = _copier(share=True)
_unshare = _unsharer()


class _SharedRun(RunState):
    """A run sharing its start's containers and poker hands' rows
    (:meth:`RunState.copy_sharing`).

    Each of those fields holds :data:`_SHARED` in its slot and is read through a property
    of this class: the first read (or a write) gives the run its own copy. Once every one
    is its own (or the game first uses its entities: :meth:`RunState.unshare`), the run
    becomes a plain :class:`RunState` again (the same object, its class changed), so the
    properties cost nothing in a game that is played. Every reader and writer of such a
    field goes through the property, so no write can reach the shared value.
    """

    __slots__ = ()

    def peek(self, name: str) -> Any:
        slot = _SLOT_OF.get(name)
        if slot is None:
            return getattr(self, name)
        value = slot.__get__(self, RunState)
        return getattr(self._source, name) if value is _SHARED else value

    def unshare(self) -> None:
        _unshare(self)

    def _settle(self) -> None:
        """Become a plain run once every shared field is the run's own."""
        for slot in _SLOTS:
            if slot.__get__(self, RunState) is _SHARED:
                return
        self._plain()

    def _plain(self) -> None:
        self.__class__ = RunState  # type: ignore[assignment]  # (the same layout)
        del self._source

    def copy(self) -> RunState:
        self.unshare()
        return self.copy()

    def assign(self, other: RunState) -> None:
        self.unshare()
        self.assign(other)

    def to_tuple(self) -> tuple[Any, ...]:
        self.unshare()
        return self.to_tuple()

    def to_dict(self, plugins: Plugins | None = None) -> dict[str, Any]:
        self.unshare()
        return self.to_dict(plugins)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RunState):
            return NotImplemented
        return bool(_ALL_FIELDS(self) == _ALL_FIELDS(other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        self.unshare()
        return repr(self)


def _own_copy(name: str, source: RunState) -> Any:
    """A copy of ``source``'s field ``name`` (the poker hands: new rows)."""
    shared = getattr(source, name)
    if name == "hands":
        return [HandLevel(h.level, h.played, h.played_this_round, h.visible) for h in shared]
    return _copy(shared)


def _shared_field(name: str, slot: Any) -> property:
    """The property of a :class:`_SharedRun` field: its own value, made on first use."""
    get_slot, set_slot = slot.__get__, slot.__set__

    def get(run: _SharedRun) -> Any:
        value = get_slot(run, RunState)
        if value is _SHARED:
            value = _own_copy(name, run._source)
            set_slot(run, value)
            run._settle()
        return value

    def set_(run: _SharedRun, value: Any) -> None:
        set_slot(run, value)
        run._settle()

    return property(get, set_, doc=f"The run's ``{name}`` (its own once first used).")


for _name, _slot in zip(_SHARED_FIELDS, _SLOTS, strict=True):
    setattr(_SharedRun, _name, _shared_field(_name, _slot))


def _saved_value(name: str, value: Any, plugins: Plugins | None) -> Any:
    """A run field's value as :meth:`RunState.to_dict` writes it (enums as names or
    values, infinities as ``"inf"``, containers copied), whatever its type."""
    if type(value) in _PLAIN:  # most fields: as they are
        return value
    if name == "hands" and plugins is not None:
        return hands_by_name(value, plugins)
    if name == "hands":
        return [
            {"level": h.level, "played": h.played, "played_this_round": h.played_this_round,
             "visible": h.visible}
            for h in value
        ]  # fmt: skip
    if isinstance(value, HandType):
        return HAND_NAMES[value]
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, float) and math.isinf(value):
        return "inf"
    if isinstance(value, (list, dict)):
        return _copy(value)
    return value


def _load_kind(name: str, default: Any) -> str | None:
    if name == "hands":
        return "hands"
    if name in ("most_played_hand", "last_hand_played"):
        return "hand"
    if isinstance(default, Suit):
        return "suit"
    if isinstance(default, Phase):
        return "phase"
    return None


#: Each field and how :meth:`RunState.from_dict` reads it (decided by its default value).
_LOAD_KINDS: tuple[tuple[str, str | None], ...] = tuple(
    (name, _load_kind(name, getattr(RunState(), name))) for name in _NAMES
)


def _hand_level(raw: dict[str, Any]) -> HandLevel:
    if len(raw) == 4 or (len(raw) == 5 and "pack" in raw):  # as saved: the four fields
        try:
            return HandLevel(*_HAND_FIELDS(raw))
        except KeyError:
            pass
    return HandLevel(**{k: v for k, v in raw.items() if k != "pack"})


_HAND_FIELDS = operator.itemgetter("level", "played", "played_this_round", "visible")


def _dict_writer() -> Callable[[RunState, Plugins | None], dict[str, Any]]:
    """:meth:`RunState.to_dict`'s writing of every field, as one generated function over
    the dataclass's own fields (what :func:`_tuple_codec` does for the binary save): a
    field's usual value (by the type of its default) is written in line, any other
    through :func:`_saved_value`, which writes every value."""
    default = RunState()
    types = {f.name: str(f.type) for f in fields(RunState)}
    names = [f"v{i}" for i in range(len(_LOAD_KINDS))]
    out: list[str] = []
    for v, (name, kind) in zip(names, _LOAD_KINDS, strict=True):
        start = getattr(default, name)
        other = f"_saved_value({name!r}, {v}, plugins)"
        if type(start) is float:
            out.append(f"{name!r}: {v} if type({v}) in _OWN_FLOAT and {v} not in _INF else {other}")
        elif type(start) in (list, dict) and name != "hands":
            flat = _FLAT.match(types[name]) is not None  # (plain values: a shallow copy)
            copied = f"{v}.copy()" if flat else f"_copy({v})"
            out.append(f"{name!r}: {copied} if type({v}) is {type(start).__name__} else {other}")
        elif kind == "phase":
            out.append(f"{name!r}: {v}.value if type({v}) is Phase else {other}")
        elif kind is None:
            out.append(f"{name!r}: {v} if type({v}) in _PLAIN else {other}")
        else:
            out.append(f"{name!r}: {other}")
    lines = [
        "def to_dict(r, plugins):",
        f"    ({', '.join(names)},) = _ALL_FIELDS(r)",
        "    return {",
        *[f"        {item}," for item in out],
        "    }",
    ]
    namespace: dict[str, Any] = {
        "_ALL_FIELDS": _ALL_FIELDS, "_PLAIN": _PLAIN, "_OWN_FLOAT": frozenset({float}),
        "_INF": (math.inf, -math.inf), "_copy": _copy, "_saved_value": _saved_value,
        "Phase": Phase,
    }  # fmt: skip
    exec("\n".join(lines), namespace)  # built once, from the dataclass's own fields
    writer: Callable[[RunState, Plugins | None], dict[str, Any]] = namespace["to_dict"]
    return writer


_to_dict = _dict_writer()


def _load_into(state: RunState, data: dict[str, Any], plugins: Plugins | None) -> None:
    """:meth:`RunState.from_dict`'s reading of every field, by the kind of its default."""
    for name, kind in _LOAD_KINDS:
        if name not in data:
            continue
        value = data[name]
        if kind is None:  # a number, string or container
            if type(value) in _PLAIN:
                if value == "inf":
                    value = math.inf
            elif isinstance(value, (list, dict)):
                value = _copy(value)
        elif kind == "hands":
            value = hands_from_saved(value, plugins)
        elif kind == "hand":
            value = HandType.from_name(value) if value is not None else None
        elif kind == "suit":
            value = parse_suit(value)
        else:
            value = Phase(value)
        setattr(state, name, value)


def _tuple_codec() -> tuple[
    Callable[[RunState], tuple[Any, ...]], Callable[[tuple[Any, ...]], RunState]
]:
    """:meth:`RunState.to_tuple` and :meth:`RunState.from_tuple`, each one generated
    function over the dataclass's own fields (what :func:`_copier` does for a copy)."""
    out, back = [], []
    for i, (name, kind) in enumerate(_LOAD_KINDS):
        v = f"v{i}"
        if kind == "hands":
            out.append(f"tuple([_HAND_ROW(h) for h in r.{name}])")
            back.append(f"    r.{name} = [HandLevel(*h) for h in {v}]")
        elif kind == "hand":
            out.append(f"None if r.{name} is None else int(r.{name})")
            back.append(f"    r.{name} = None if {v} is None else _HAND_OF[{v}]")
        elif kind == "suit":
            out.append(f"int(r.{name})")
            back.append(f"    r.{name} = _SUIT_OF[{v}]")
        elif kind == "phase":
            out.append(f"r.{name}.value")
            back.append(f"    r.{name} = _PHASE_OF[{v}]")
        else:
            out.append(f"r.{name}")
            back.append(f"    r.{name} = {v}")
    names = ", ".join(f"v{i}" for i in range(len(_LOAD_KINDS)))
    lines = ["def to_tuple(r):", f"    return ({', '.join(out)},)", ""]
    lines += ["def from_tuple(values):", f"    ({names},) = values", "    r = _new(RunState)"]
    lines += [*back, "    return r"]
    namespace: dict[str, Any] = {
        "_HAND_ROW": operator.attrgetter("level", "played", "played_this_round", "visible"),
        "HandLevel": HandLevel, "RunState": RunState, "_new": object.__new__,
        "_HAND_OF": _Members(HandType), "_SUIT_OF": _Members(Suit),
        "_PHASE_OF": {p.value: p for p in Phase},
    }  # fmt: skip
    exec("\n".join(lines), namespace)  # built once, from the dataclass's own fields
    return namespace["to_tuple"], namespace["from_tuple"]


class _Members(dict[int, Any]):
    """An int enum's members by value, a member added later (a plugin's hand) found then."""

    def __init__(self, enum: Any) -> None:
        super().__init__({int(m): m for m in enum})
        self.enum = enum

    def __missing__(self, value: int) -> Any:
        found = self[value] = self.enum(value)
        return found


_to_tuple, _from_tuple = _tuple_codec()

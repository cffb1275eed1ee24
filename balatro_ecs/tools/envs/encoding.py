"""Observations made for networks: every value scaled into a small range, categories as
indices, the entities of the table as sets with masks.

:class:`Encoder` turns a game into one of two encodings (``docs/learning.md`` lists every
column, and so do the tables below):

* ``"entities"``: the table as **sets of entities** for attention models. Every card in
  hand, joker, consumable, shop offer (cards, vouchers and packs) and open-pack card is a
  row of :data:`ENTITY_CATEGORIES` (small ints: indices for embeddings) and
  :data:`ENTITY_NUMBERS` (floats, mostly in ``[0, 1]``), one array pair per set with a
  ``*_mask`` of the slots in use. The run, the blind, the poker hands' levels and the
  deck's composition are :data:`GLOBAL_NUMBERS`; the content keys that belong to no
  entity (the blind, the boss, the skip tags, tags held, vouchers owned, the deck and
  stake) are ``global_keys`` (:data:`GLOBAL_KEYS`).
* ``"flat"``: the same values as two vectors: ``features`` (every number, with the small
  categories one-hot) for a plain MLP, and ``keys`` (every content-key index, entities'
  then global) for an embedding table.

Neither holds the action mask: an agent gets it from ``env.action_masks()`` (or the
environment's separate ``action_mask`` key), never as features. Scaling rules: amounts
that grow without bound (money, chips, costs, joker counters) are ``log10(1 + |x|) / d``
with their sign, held within ``[-4, 4]``; counts are divided by a typical maximum and
clipped (into ``[0, 1]`` mostly, a few up to 2 or 4, as each column says); flags are 0 or
1. Every value lies in ``[-4, 4]``.

The encoder keeps what did not change since the last call (a card's row while the card is
the same, the hand levels, the deck's counts) and reuses it, so a step that changed little
costs little. Everything it reads is what the player sees (see
:mod:`balatro_ecs.observe`): face-down cards and jokers show only that they are face down,
and the deck view counts the cards not yet seen (the draw pile and the face-down cards in
hand) without their order.

>>> from balatro_ecs import Game
>>> enc = Encoder()
>>> obs = enc.encode(Game(seed="ENCODE01"))
>>> obs["hand"].shape == (enc.layout.hand, len(ENTITY_NUMBERS)), int(obs["hand_mask"].sum())
(True, 0)
>>> float(obs["global"][GLOBAL_INDEX["phase_blind_select"]])
1.0
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...game.hands import detector
from ...game.jokers import Consumable, Joker
from ...game.run import shop as shop_rules
from ...game.run.blinds import blind_chips, blind_key, blind_reward, blind_type_on_deck
from ...game.state import Phase, hand_count, hand_values
from ...game.unseen import unseen_cards
from ...kernel.components import Area
from ...kernel.content import BlindType, BoosterType
from ...kernel.enums import Edition, Enhancement, HandType, Seal
from ...kernel.errors import BalatroError, UnknownNameError
from ..observe import (
    EMPTY,
    HIDDEN,
    ITEM_KINDS,
    Layout,
    Vocabulary,
    _vocabulary,
    face_down_jokers,
)

if TYPE_CHECKING:
    from gymnasium import spaces

    from ...game.cards import Card
    from ...game.game import Game
    from ...kernel.manager import Plugins

__all__ = [
    "ENCODINGS",
    "ENTITY_CATEGORIES",
    "ENTITY_INDEX",
    "ENTITY_NUMBERS",
    "ENTITY_SETS",
    "GLOBAL_INDEX",
    "GLOBAL_KEYS",
    "GLOBAL_NUMBERS",
    "Category",
    "Column",
    "Encoder",
    "unseen_cards",
]

Array = npt.NDArray[Any]

#: The encodings :class:`Encoder` makes (and ``BalatroEnv(encoding=...)`` takes, with
#: ``"raw"``, :class:`~balatro_ecs.observe.Observer`'s arrays).
ENCODINGS = ("entities", "flat")


@dataclass(frozen=True)
class Column:
    """One float column: its name and how its value is made (the docs' table).

    Run-level columns also say how the raw value is scaled: ``"lin"`` is ``x / d``
    clipped into ``[low, high]``, ``"log"`` is ``sign(x) * log10(1 + |x|) / d``;
    ``""`` means the value is made scaled.
    """

    name: str
    doc: str
    scale: str = ""
    d: float = 1.0
    low: float = 0.0
    high: float = 1.0


def _lin(name: str, doc: str, d: float = 1.0, low: float = 0.0, high: float = 1.0) -> Column:
    return Column(name, doc, "lin", d, low, high)


def _lg(name: str, doc: str, d: float) -> Column:
    return Column(name, doc, "log", d, -math.inf, math.inf)


@dataclass(frozen=True)
class Category:
    """One categorical column: its name, how many values it has (0 always means none,
    empty or hidden), and what they mean. ``size`` 0 means "the vocabulary's size"."""

    name: str
    size: int
    doc: str


# ---------------------------------------------------------------------------------------
# the entity columns
# ---------------------------------------------------------------------------------------

#: Categorical columns of every entity row (``<set>_cat``): indices for embeddings.
ENTITY_CATEGORIES: tuple[Category, ...] = (
    Category("kind", len(ITEM_KINDS), "what the slot holds: " + ", ".join(
        f"{i} {name}" for i, name in enumerate(ITEM_KINDS))),
    Category("key", 0, "content key (the Vocabulary's index): 0 none or a playing card, "
             "1 face down or unknown"),
    Category("rank", 14, "playing card rank: 1..13 for 2..Ace; 0 none, Stone or face down"),
    Category("suit", 5, "playing card suit: 1 Spades, 2 Hearts, 3 Clubs, 4 Diamonds; 0 none"),
    Category("enhancement", 9, "0 none, 1 Bonus, 2 Mult, 3 Wild, 4 Glass, 5 Steel, 6 Stone, "
             "7 Gold, 8 Lucky (a plugin's past 8 counts as 0)"),
    Category("edition", 5, "0 none, 1 Foil, 2 Holographic, 3 Polychrome, 4 Negative"),
    Category("seal", 5, "0 none, 1 Gold, 2 Red, 3 Blue, 4 Purple"),
)  # fmt: skip

#: Float columns of every entity row (``<set>``); a column that does not apply is 0.
ENTITY_NUMBERS: tuple[Column, ...] = (
    Column("present", "1 for a slot in use"),
    Column("selected", "1 if the card is selected (the two-step action space; forced "
           "cards are always selected)"),
    Column("face_down", "1 if face down (nothing else about it is shown)"),
    Column("debuffed", "1 if debuffed"),
    Column("forced", "1 if it must be in the next play or discard (Cerulean Bell)"),
    Column("chips", "a playing card's chips: (rank chips + permanent bonus) / 11, at most 1; "
           "0 for Stone"),
    Column("bonus_chips", "permanent extra chips (Hiker): log10(1 + x) / 3"),
    Column("same_rank", "other face-up cards in hand of its rank / 4, at most 1 (hand cards)"),
    Column("same_suit", "other face-up cards in hand of its suit / 8, at most 1 (hand cards)"),
    Column("straight_run", "length of the run of consecutive ranks in hand holding its rank "
           "/ 5, at most 1 (hand cards)"),
    Column("cost", "what buying it costs now: log10(1 + $) / 2 (offers only)"),
    Column("affordable", "1 if the money covers the cost now (offers only)"),
    Column("sell_value", "what selling it pays: log10(1 + $) / 2 (jokers and consumables owned)"),
    Column("rarity", "joker rarity / 4 (1 Common .. 4 Legendary)"),
    Column("eternal", "1 if Eternal"),
    Column("perishable", "1 if Perishable"),
    Column("perishable_rounds", "rounds left before a Perishable joker is debuffed / 5"),
    Column("rental", "1 if Rental"),
    Column("mult", "joker counter +Mult: sign * log10(1 + |x|) / 3"),
    Column("x_mult", "joker counter xMult: sign * log10(1 + |x|) / 2"),
    Column("counter_chips", "joker counter chips: sign * log10(1 + |x|) / 3"),
    Column("extra", "joker counter 'extra', if a number: sign * log10(1 + |x|) / 3"),
    Column("targets_min", "a consumable's fewest selected cards / 5 (0: it takes none)"),
    Column("targets_max", "a consumable's most selected cards / 5"),
    Column("slot", "position in its row / the row's slots"),
)  # fmt: skip

ENTITY_INDEX = {c.name: i for i, c in enumerate(ENTITY_NUMBERS)}
_CAT_INDEX = {c.name: i for i, c in enumerate(ENTITY_CATEGORIES)}

#: The entity sets, in the order of the ``flat`` vectors and of the feature extractor,
#: with the :class:`~balatro_ecs.observe.Layout` field that sizes each: the shop set holds
#: the shop's cards, then its vouchers, then its packs.
ENTITY_SETS: tuple[str, ...] = ("hand", "jokers", "consumables", "shop", "pack")

# ---------------------------------------------------------------------------------------
# the global columns
# ---------------------------------------------------------------------------------------

_PHASES: tuple[Phase, ...] = tuple(Phase)
# The vanilla kinds (a plugin's enhancement, edition or seal counts as none).
_ENHANCEMENTS = tuple(e for e in Enhancement if e < 9)
_EDITIONS = tuple(e for e in Edition if e < 5)
_SEALS = tuple(s for s in Seal if s < 5)
_BLIND_STATES = ("", "Select", "Upcoming", "Current", "Defeated", "Skipped")
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_LETTERS = ("S", "H", "C", "D")


def _run_columns() -> tuple[Column, ...]:
    """The run's and the blind's columns: each made from one raw value, scaled."""
    cols: list[Column] = [
        _lin(f"phase_{p.value}", f"1 in the {p.value.replace('_', ' ')} phase") for p in _PHASES
    ]
    cols += [
        _lin("ante", "ante / 8, within -1..4", 8, -1, 4),
        _lin("round", "blinds played this run / 24, at most 4", 24, 0, 4),
        _lg("money", "dollars: sign * log10(1 + |$|) / 2", 2),
        _lin("hands_left", "hands left this round / 10", 10),
        _lin("discards_left", "discards left this round / 10", 10),
        _lin("hand_size", "cards the hand holds this round / 16, at most 2", 16, 0, 2),
        _lin("hand_count", "cards in hand now / 16, at most 2", 16, 0, 2),
        _lin("deck_count", "cards in the draw pile / 52, at most 4", 52, 0, 4),
        _lin("discard_count", "cards in the discard pile / 52, at most 4", 52, 0, 4),
        _lin("cards_total", "playing cards the run owns / 52, at most 4", 52, 0, 4),
        _lin("joker_slots", "joker slots / 8, at most 2", 8, 0, 2),
        _lin("joker_count", "jokers held / 8, at most 2", 8, 0, 2),
        _lin("consumable_slots", "consumable slots / 4, at most 2", 4, 0, 2),
        _lin("consumable_count", "consumables held / 4, at most 2", 4, 0, 2),
        _lg("reroll_cost", "the next shop reroll's cost: log10(1 + $) / 2", 2),
        _lin("free_rerolls", "free rerolls left / 5", 5),
        _lg("interest_cap", "most interest a round can pay: log10(1 + $) / 2", 2),
        _lin("skips", "blinds skipped this run / 10", 10),
        _lg("hands_played", "hands played this run: log10(1 + n) / 3", 3),
        _lin("stake", "stake level / 8", 8),
        _lin("win_ante", "the ante whose boss wins the run / 8, at most 4", 8, 0, 4),
        _lin("won", "1 once the run is won"),
        _lg("payout", "the round's payout at cash-out: log10(1 + $) / 2", 2),
        _lin("pack_picks", "cards still to pick from the open pack / 5", 5),
        _lin("pack_in_shop", "1 if the open pack was bought in the shop"),
        _lin("on_deck_small", "1 if the Small Blind is on deck"),
        _lin("on_deck_big", "1 if the Big Blind is on deck"),
        _lin("on_deck_boss", "1 if the Boss Blind is on deck"),
        _lin("selected", "cards selected / the selection limit (two-step action space)"),
        _lin("selection_limit", "most cards one play, discard or use may select / 5, at most 4",
             5, 0, 4),
        _lin("noops_left", "share of the no-op budget left (no-op steps are masked at 0)"),
        _lg("selection_chips", "the selected cards' poker hand (as the game shows it): its "
            "base chips, log10(1 + x) / 3 (0 with nothing selected)", 3),
        _lg("selection_mult", "the selected cards' poker hand: its base mult, "
            "log10(1 + x) / 2", 2),
        # the blind
        _lin("blind_is_boss", "1 if the blind played (or on deck) is a boss"),
        _lg("blind_needed", "score needed to beat it: log10(1 + x) / 8", 8),
        _lg("blind_score", "score made this round: log10(1 + x) / 8", 8),
        _lin("blind_progress", "score made / score needed, within 0..2 (0 outside a round)",
             1, 0, 2),
        _lin("blind_disabled", "1 if the boss's ability is disabled"),
        _lin("blind_reward", "what beating it pays / 10, at most 4", 10, 0, 4),
    ]  # fmt: skip
    for which in ("small", "big", "boss"):
        cols += [
            _lin(f"state_{which}_{state.lower() or 'unknown'}", f"1 if the {which.title()} "
                 f"Blind is {state or 'in no known state'}")
            for state in _BLIND_STATES
        ]  # fmt: skip
    return tuple(cols)


#: The run-level columns that start ``global`` (each the scaled form of one raw value).
RUN_COLUMNS: tuple[Column, ...] = _run_columns()


def _global_columns(hands: int) -> tuple[Column, ...]:
    cols = list(RUN_COLUMNS)
    for hand in range(hands):
        name = HandType(hand).name.lower() if hand < len(HandType) else f"hand{hand}"
        cols += [
            Column(f"{name}_level", f"{name}: level, log10(level) / 2 (0 at level 1)"),
            Column(f"{name}_chips", f"{name}: base chips at that level, log10(1 + x) / 3"),
            Column(f"{name}_mult", f"{name}: base mult at that level, log10(1 + x) / 2"),
            Column(f"{name}_played", f"{name}: times played this run, log10(1 + n) / 2"),
            Column(f"{name}_played_round", f"{name}: times played this round / 5"),
            Column(f"{name}_visible", f"{name}: 1 if listed (secret hands once played)"),
        ]
    for hand in range(hands):
        name = HandType(hand).name.lower() if hand < len(HandType) else f"hand{hand}"
        cols.append(Column(f"{name}_selected", f"1 if the selected cards make {name}"))
    for row, what in (("unseen", "cards not yet seen (the draw pile and face-down cards in "
                       "hand)"), ("owned", "every playing card the run owns")):  # fmt: skip
        cols += [
            Column(f"{row}_{s}_{r}", f"{what}: rank {r} of suit {s}, count / 4, at most 1")
            for s in _SUIT_LETTERS
            for r in _RANKS
        ]
        cols.append(Column(f"{row}_stone", f"{what}: Stone cards / 52"))
        cols += [
            Column(f"{row}_enhancement_{e.name.lower()}", f"{what}: {e.name.title()} cards / 52")
            for e in _ENHANCEMENTS
        ]
        cols += [
            Column(f"{row}_edition_{e.name.lower()}", f"{what}: {e.name.title()} cards / 52")
            for e in _EDITIONS
        ]
        cols += [
            Column(f"{row}_seal_{s.name.lower()}", f"{what}: {s.name.title()} seal / 52")
            for s in _SEALS
        ]
        cols.append(Column(f"{row}_total", f"{what}: cards / 52, at most 4"))
    return tuple(cols)


#: The ``global`` array's columns with the vanilla poker hands (a plugin's poker hands add
#: six columns each after High Card's; :meth:`Encoder.global_columns` has the set's).
GLOBAL_NUMBERS: tuple[Column, ...] = _global_columns(len(HandType))
GLOBAL_INDEX = {c.name: i for i, c in enumerate(GLOBAL_NUMBERS)}

#: The ``global_keys`` array: content keys that belong to no entity (Vocabulary indices).
GLOBAL_KEYS: tuple[Column, ...] = (
    Column("blind", "the blind played (round, cash-out) or on deck"),
    Column("boss", "this ante's boss"),
    Column("tag_small", "the tag for skipping the Small Blind, while it can be skipped"),
    Column("tag_big", "the tag for skipping the Big Blind, while it can be skipped"),
    Column("deck", "the deck (back) of the run"),
    Column("stake", "the stake of the run"),
    Column("tags", "tags held, oldest first (Layout.tags columns)"),
    Column("vouchers", "vouchers redeemed, by index (Layout.owned_vouchers columns)"),
)

_GLOBAL_SELECTED = [c.name for c in RUN_COLUMNS].index("selected")
assert [c.name for c in RUN_COLUMNS][_GLOBAL_SELECTED + 2 : _GLOBAL_SELECTED + 5] == [
    "noops_left", "selection_chips", "selection_mult",
]  # fmt: skip
_RUN_INV = np.array([1.0 if c.scale == "log" else 1 / c.d for c in RUN_COLUMNS])
_RUN_LOW = np.array([-4.0 if c.scale == "log" else c.low for c in RUN_COLUMNS])
_RUN_HIGH = np.array([4.0 if c.scale == "log" else c.high for c in RUN_COLUMNS])

_N_NUM = len(ENTITY_NUMBERS)
_N_CAT = len(ENTITY_CATEGORIES)
_KIND = {name: i for i, name in enumerate(ITEM_KINDS)}
_SET_KIND = {"Tarot": _KIND["tarot"], "Planet": _KIND["planet"], "Spectral": _KIND["spectral"]}
_ONE_HOT = tuple(c for c in ENTITY_CATEGORIES if c.name != "key")

_KEY_COL = _CAT_INDEX["key"]
_HOT_COLS = np.array([i for i, c in enumerate(ENTITY_CATEGORIES) if c.name != "key"])
_HOT_OFFSETS = np.cumsum([0, *(c.size for c in _ONE_HOT[:-1])])
_HOT_WIDTH = sum(c.size for c in _ONE_HOT)
_ROWS = np.arange(4096)[:, None]

_E = ENTITY_INDEX
_I_PRESENT, _I_SELECTED, _I_FACE_DOWN = _E["present"], _E["selected"], _E["face_down"]
_I_SLOT, _I_COST, _I_AFFORD = _E["slot"], _E["cost"], _E["affordable"]
_I_RELATIONS = slice(_E["same_rank"], _E["same_rank"] + 3)
assert [c.name for c in ENTITY_NUMBERS][_I_RELATIONS] == ["same_rank", "same_suit", "straight_run"]
#: A row as arrays: its numbers (float32) and its categories (int64).
_Row = tuple[Array, Array]
#: A hand card's cached row: its value components, its numbers, its categories and its
#: ``(rank, suit)`` for the relations (rank 0: face down or Stone).
_CardEntry = tuple[Any, Array, Array, tuple[int, int]]


def _log(value: float, d: float) -> float:
    """``sign * log10(1 + |value|) / d``, held within -4..4 (non-finite values at the ends,
    NaN at 0)."""
    if value != value:
        return 0.0
    if math.isinf(value):
        return math.copysign(4.0, value)
    out = math.log10(1.0 + value) / d if value >= 0 else -math.log10(1.0 - value) / d
    return 4.0 if out > 4.0 else -4.0 if out < -4.0 else out


def _clip(value: float, low: float = 0.0, high: float = 1.0) -> float:
    if value != value:
        return 0.0
    return low if value < low else high if value > high else value


def _num(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    return 0.0


class Encoder:
    """Makes the ``"entities"`` and ``"flat"`` encodings (see the module's docs).

    :param plugins: The plugin set (for the vocabulary and the poker hands).
    :param layout: Slot counts (:class:`~balatro_ecs.observe.Layout`).
    :param vocabulary: The key numbering (default: the plugin set's).
    :param encoding: ``"entities"`` or ``"flat"``.
    """

    def __init__(
        self,
        plugins: Plugins | None = None,
        layout: Layout | None = None,
        vocabulary: Vocabulary | None = None,
        encoding: str = "entities",
    ) -> None:
        if encoding not in ENCODINGS:
            raise BalatroError(f"encoding: one of {', '.join(ENCODINGS)}, not {encoding!r}")
        if plugins is None:
            from ...kernel.manager import Plugins

            plugins = Plugins.default()
        self.plugins = plugins
        self.layout = layout if layout is not None else Layout()
        self.vocabulary = vocabulary if vocabulary is not None else _vocabulary(plugins)
        self.encoding = encoding
        self.hands = hand_count(plugins)
        self.global_columns = _global_columns(self.hands)
        names = [c.name for c in self.global_columns]
        first = HandType(0).name.lower()
        self._flags_at = names.index(f"{first}_selected")
        layout = self.layout
        self.slots: dict[str, int] = {
            "hand": layout.hand,
            "jokers": layout.jokers,
            "consumables": layout.consumables,
            "shop": layout.shop + layout.vouchers + layout.packs,
            "pack": layout.pack,
        }
        self._keys = 6 + layout.tags + layout.owned_vouchers
        self._total = sum(self.slots.values())
        self._picks: dict[tuple[int, ...], Array] = {}
        self._slot_column = np.concatenate(
            [np.arange(n, dtype=np.float32) / n for n in self.slots.values()]
        )
        starts = [0]
        for name in ENTITY_SETS[:-1]:
            starts.append(starts[-1] + self.slots[name])
        self._starts = tuple(starts)
        self._rows: dict[int, _CardEntry] = {}
        self._items: dict[tuple[Any, ...], _Row] = {}
        self._last_relations: tuple[list[Any], Array] | None = None
        self._hand_values: dict[tuple[int, int], tuple[int, float, float]] = {}
        self._memo: tuple[Array, dict[frozenset[int], tuple[int, float, float]]] | None = None
        self._levels: tuple[Any, Array] | None = None
        self._level_rows: dict[tuple[int, tuple[Any, ...]], list[float]] = {}
        self._codes: dict[int, tuple[Any, tuple[int, ...]]] = {}
        self._owned: tuple[dict[int, Any], Array] | None = None
        self._pile: tuple[list[Card], list[int], Any] | None = None
        self._unseen: tuple[Any, Array] | None = None
        self._cat_high = np.array(
            [c.size - 1 if c.size else self.vocabulary.size - 1 for c in ENTITY_CATEGORIES],
            dtype=np.int64,
        )
        self._hidden_joker = self._row(*_HIDDEN_JOKER)

    # -- the space -------------------------------------------------------------------------
    def shapes(self) -> dict[str, tuple[int, ...]]:
        """Every array's shape, by key, in the order :meth:`encode` returns them."""
        n_global = len(self.global_columns)
        if self.encoding == "flat":
            return {"features": (self.flat_size(),), "keys": (self.keys_size(),)}
        out: dict[str, tuple[int, ...]] = {"global": (n_global,), "global_keys": (self._keys,)}
        for name, slots in self.slots.items():
            out[name] = (slots, _N_NUM)
            out[f"{name}_cat"] = (slots, _N_CAT)
            out[f"{name}_mask"] = (slots,)
        return out

    def flat_size(self) -> int:
        """The length of the ``flat`` encoding's ``features``."""
        per_slot = _N_NUM + sum(c.size for c in _ONE_HOT)
        return len(self.global_columns) + per_slot * sum(self.slots.values())

    def keys_size(self) -> int:
        """The length of the ``flat`` encoding's ``keys``."""
        return sum(self.slots.values()) + self._keys

    def space(self) -> spaces.Dict:
        """The Gymnasium space of :meth:`encode`'s output."""
        from gymnasium import spaces

        vocab_high = self.vocabulary.size - 1
        out: dict[str, spaces.Space[Any]] = {}
        for key, shape in self.shapes().items():
            if key in ("global_keys", "keys"):
                out[key] = spaces.Box(0, vocab_high, shape, dtype=np.int64)
            elif key.endswith("_cat"):
                high = np.broadcast_to(self._cat_high, shape).copy()
                out[key] = spaces.Box(np.zeros(shape, np.int64), high, shape, dtype=np.int64)
            elif key.endswith("_mask"):
                out[key] = spaces.Box(0, 1, shape, dtype=np.int8)
            else:
                out[key] = spaces.Box(-4.0, 4.0, shape, dtype=np.float32)
        return spaces.Dict(out)

    # -- encoding --------------------------------------------------------------------------
    def encode(
        self,
        game: Game,
        selected: Iterable[int] = (),
        *,
        selection_limit: int = 5,
        noops_left: float = 1.0,
    ) -> dict[str, Array]:
        """The game as the player sees it, in this encoder's encoding.

        :param selected: Hand positions selected (the two-step action space's state).
        :param selection_limit: The most cards a selection may hold (a feature).
        :param noops_left: The share of the no-op budget left (a feature).
        """
        chosen = frozenset(selected)
        glob, keys = self._global(game, chosen, selection_limit, noops_left)
        nums, cats, mask = self._tables(game, chosen)
        if self.encoding == "flat":
            return self._flat(glob, keys, nums, cats, mask)
        return self._split(glob, keys, nums, cats, mask)

    def reselect(
        self,
        obs: dict[str, Array],
        game: Game,
        selected: Iterable[int],
        *,
        selection_limit: int = 5,
        noops_left: float = 1.0,
    ) -> dict[str, Array]:
        """``obs`` (this encoder's output for ``game``, which has not changed since) with
        another selection and no-op budget: what :meth:`encode` would give, at the cost of
        copying the arrays that change and reading only the selected cards."""
        chosen = frozenset(selected)
        in_table = [i for i in chosen if 0 <= i < self.layout.hand]
        flat = self.encoding == "flat"
        last = obs["features"] if flat else obs["global"]
        # The selections' poker hands, kept while the game is the same (as ``obs`` is).
        memo = self._memo
        if memo is None or memo[0] is not last:
            memo = self._memo = (last, {})
        found = memo[1].get(chosen)
        if found is None:
            found = memo[1][chosen] = self._selection(game, chosen)
        made, chips, mult = found
        out = dict(obs)
        glob = last.copy()
        at = _GLOBAL_SELECTED
        glob[at] = _clip(len(chosen) / max(1, selection_limit))
        glob[at + 2] = _clip(noops_left)
        glob[at + 3] = _log(chips, 3)
        glob[at + 4] = _log(mult, 2)
        flags = self._flags_at
        glob[flags : flags + self.hands] = 0.0
        if made >= 0:
            glob[flags + made] = 1.0
        if flat:
            width = _N_NUM + _HOT_WIDTH
            base = len(self.global_columns)
            column = glob[base + _I_SELECTED : base + self.layout.hand * width : width]
            column[:] = 0.0
            for i in in_table:
                column[i] = 1.0
            out["features"] = glob
            return out
        hand = obs["hand"].copy()
        hand[:, _I_SELECTED] = 0.0
        for i in in_table:
            hand[i, _I_SELECTED] = 1.0
        out["hand"] = hand
        out["global"] = glob
        return out

    def entities(
        self,
        game: Game,
        selected: Iterable[int] = (),
        *,
        selection_limit: int = 5,
        noops_left: float = 1.0,
    ) -> dict[str, Array]:
        """The ``entities`` encoding (see the module's docs), whatever :attr:`encoding`."""
        chosen = frozenset(selected)
        glob, keys = self._global(game, chosen, selection_limit, noops_left)
        return self._split(glob, keys, *self._tables(game, chosen))

    def flatten(self, entities: dict[str, Array]) -> dict[str, Array]:
        """The ``flat`` encoding of an ``entities`` one: ``features`` is ``global``, then
        each set's slots in :data:`ENTITY_SETS` order, each slot's :data:`ENTITY_NUMBERS`
        followed by the one-hots of its categories but ``key`` (an empty slot is all
        zeros); ``keys`` is each set's ``key`` column, then ``global_keys``."""
        nums = np.concatenate([entities[name] for name in ENTITY_SETS])
        cats = np.concatenate([entities[f"{name}_cat"] for name in ENTITY_SETS])
        mask = np.concatenate([entities[f"{name}_mask"] for name in ENTITY_SETS])
        return self._flat(entities["global"], entities["global_keys"], nums, cats, mask)

    def _flat(
        self, glob: Array, keys: Array, nums: Array, cats: Array, mask: Array
    ) -> dict[str, Array]:
        total = self._total
        hot = np.zeros((total, _HOT_WIDTH), dtype=np.float32)
        hot[_ROWS[:total], cats[:, _HOT_COLS] + _HOT_OFFSETS] = 1.0
        hot *= mask[:, None]
        table = np.concatenate((nums, hot), axis=1)
        features = np.concatenate((glob, table.ravel()))
        return {"features": features, "keys": np.concatenate((cats[:, _KEY_COL], keys))}

    def _split(
        self, glob: Array, keys: Array, nums: Array, cats: Array, mask: Array
    ) -> dict[str, Array]:
        out: dict[str, Array] = {"global": glob, "global_keys": keys}
        at = 0
        for name in ENTITY_SETS:
            end = at + self.slots[name]
            out[name] = nums[at:end]
            out[f"{name}_cat"] = cats[at:end]
            out[f"{name}_mask"] = mask[at:end]
            at = end
        return out

    def _tables(self, game: Game, chosen: frozenset[int]) -> tuple[Array, Array, Array]:
        """Every entity set's rows, one table after the other: numbers, categories, mask.

        Each row comes from a cache (a card's while its value components are the same, a
        joker's or consumable's while what its row shows is) as arrays, so a table is
        a few copies of whole rows."""
        layout = self.layout
        total = self._total
        nums = np.zeros((total, _N_NUM), dtype=np.float32)
        cats = np.zeros((total, _N_CAT), dtype=np.int64)
        starts = self._starts
        hand = game.area(Area.HAND)[: layout.hand]
        if hand:
            entries = list(map(self._card, hand))
            _place(nums, cats, 0, entries, 1)
            nums[: len(hand), _I_RELATIONS] = self._relations(entries)
        jokers = game.jokers[: layout.jokers]
        if jokers:
            down = face_down_jokers(game)
            joker, hidden = self._owned_joker, self._hidden_joker
            rows = [hidden if i in down else joker(j) for i, j in enumerate(jokers)]
            _place(nums, cats, starts[1], rows)
        consumables = game.consumables[: layout.consumables]
        if consumables:
            _place(nums, cats, starts[2], list(map(self._owned_consumable, consumables)))
        shop = self._shop(game)
        if shop:
            self._place_lists(nums, cats, starts[3], shop)
        pack = self._pack(game)
        if pack:
            self._place_lists(nums, cats, starts[4], pack)
        present = nums[:, _I_PRESENT]
        nums[:, _I_SLOT] = self._slot_column * present
        for i in chosen:
            if i < layout.hand:
                nums[i, _I_SELECTED] = 1.0
        return nums, cats, present.astype(np.int8)

    def _place_lists(
        self, nums: Array, cats: Array, start: int, rows: list[tuple[Sequence[float], Any]]
    ) -> None:
        """Rows made as lists (offers: their prices change with the money) into the table."""
        end = start + len(rows)
        nums[start:end] = [r[0] for r in rows]
        kinds = np.array([r[1] for r in rows], dtype=np.int64)
        np.minimum(kinds, self._cat_high, out=kinds)
        cats[start:end] = kinds

    def _row(self, nums: Sequence[float], cats: Sequence[int]) -> _Row:
        """A row as arrays: numbers as float32, categories held within their ranges."""
        kinds = np.array(cats, dtype=np.int64)
        np.minimum(kinds, self._cat_high, out=kinds)
        return np.array(nums, dtype=np.float32), kinds

    def _relations(self, entries: list[_CardEntry]) -> Array:
        """The hand's relation columns (:func:`_relations`), kept while the hand is the
        same cards with the same values."""
        key = [entry[0] for entry in entries]
        last = self._last_relations
        if last is not None and last[0] == key:
            return last[1]
        found = np.array(_relations_of([entry[3] for entry in entries]), dtype=np.float32)
        self._last_relations = (key, found)
        return found

    # -- the rows (a row's slot and selection are set for the whole table) ----------------
    def _card(self, card: Card) -> _CardEntry:
        """A hand card's row, kept while its value components are the same (the row reads
        nothing else; cards made from one template share them)."""
        values = card._values
        entry = self._rows.get(id(values))
        if entry is None or entry[0] is not values:
            if len(self._rows) > 4096:
                self._rows.clear()
            nums, cats = _card_row(card)
            rank = 0 if card.face_down else max(0, card.rank)
            row = self._row(nums, cats)
            entry = self._rows[id(values)] = (values, row[0], row[1], (rank, int(card.suit)))
        return entry

    def _owned_joker(self, joker: Joker) -> _Row:
        """An owned joker's row, kept while every value it shows is the same."""
        state = joker.state
        extra = state.get("extra")
        chips = state.get("chips")
        if chips is None and isinstance(extra, dict):
            chips = extra.get("chips")
        stickers = joker._stickers.values
        key = (
            joker.key, joker.debuffed, joker.sell_value, int(joker.edition),
            tuple(stickers.items()) if stickers else (), _num(state.get("mult", 0)),
            _num(state.get("x_mult", 0)), _num(chips), _num(extra),
        )  # fmt: skip
        found = self._items.get(key)
        if found is None:
            if len(self._items) > 4096:
                self._items.clear()
            found = self._items[key] = self._row(*self._joker(joker, 0.0, True, 0))
        return found

    def _owned_consumable(self, item: Consumable) -> _Row:
        """An owned consumable's row, kept while every value it shows is the same."""
        key = (item.key, item.sell_value, int(item.edition))
        found = self._items.get(key)
        if found is None:
            if len(self._items) > 4096:
                self._items.clear()
            found = self._items[key] = self._row(*self._consumable(item, 0.0, True, 0))
        return found

    def _joker(
        self, joker: Joker, cost: float, owned: bool, money: int
    ) -> tuple[list[float], tuple[int, ...]]:
        nums = [0.0] * _N_NUM
        nums[_I_PRESENT] = 1.0
        nums[_E["debuffed"]] = float(joker.debuffed)
        if owned:
            nums[_E["sell_value"]] = _log(joker.sell_value, 2)
        else:
            nums[_I_COST] = _log(cost, 2)
            nums[_I_AFFORD] = float(cost <= money)
        nums[_E["rarity"]] = _clip(joker.type.rarity_rank / 4)
        if joker._stickers.values:
            nums[_E["eternal"]] = float(joker.eternal)
            rounds = joker.perishable
            if rounds is not None:
                nums[_E["perishable"]] = 1.0
                nums[_E["perishable_rounds"]] = _clip(rounds / 5)
            nums[_E["rental"]] = float(joker.rental)
        state = joker.state
        extra = state.get("extra")
        nums[_E["mult"]] = _log(_num(state.get("mult", 0)), 3)
        nums[_E["x_mult"]] = _log(_num(state.get("x_mult", 0)), 2)
        chips = state.get("chips")
        if chips is None and isinstance(extra, dict):
            chips = extra.get("chips")
        nums[_E["counter_chips"]] = _log(_num(chips), 3)
        nums[_E["extra"]] = _log(_num(extra), 3)
        cats = (_KIND["joker"], self.vocabulary.index(joker.key), 0, 0, 0,
                min(int(joker.edition), 4), 0)  # fmt: skip
        return nums, cats

    def _consumable(
        self, item: Consumable, cost: float, owned: bool, money: int
    ) -> tuple[list[float], tuple[int, ...]]:
        nums = [0.0] * _N_NUM
        nums[_I_PRESENT] = 1.0
        if owned:
            nums[_E["sell_value"]] = _log(item.sell_value, 2)
        else:
            nums[_I_COST] = _log(cost, 2)
            nums[_I_AFFORD] = float(cost <= money)
        least, most = item.type.targets
        nums[_E["targets_min"]] = _clip(least / 5)
        nums[_E["targets_max"]] = _clip(most / 5)
        kind = _SET_KIND.get(item.type.set, _KIND["consumable"])
        cats = (kind, self.vocabulary.index(item.key), 0, 0, 0, min(int(item.edition), 4), 0)
        return nums, cats

    def _offer(
        self, item: Joker | Consumable | Card, cost: float, money: int
    ) -> tuple[Sequence[float], Any]:
        if isinstance(item, Joker):
            return self._joker(item, cost, False, money)
        if isinstance(item, Consumable):
            return self._consumable(item, cost, False, money)
        found, cats = _card_row(item)
        nums = list(found)
        nums[_I_COST] = _log(cost, 2)
        nums[_I_AFFORD] = float(cost <= money)
        return nums, cats

    def _keyed(
        self, kind: str, key: str, cost: float, money: int
    ) -> tuple[list[float], tuple[int, ...]]:
        nums = [0.0] * _N_NUM
        nums[_I_PRESENT] = 1.0
        nums[_I_COST] = _log(cost, 2)
        nums[_I_AFFORD] = float(cost <= money)
        return nums, (_KIND[kind], self.vocabulary.index(key), 0, 0, 0, 0, 0)

    def _shop(self, game: Game) -> list[tuple[Sequence[float], Any]]:
        phase = game.run.phase
        in_pack = phase is Phase.PACK
        if not (phase is Phase.SHOP or (in_pack and game.pack_return is Phase.SHOP)):
            return []
        layout = self.layout
        money = game.run.dollars
        rows = [
            self._offer(item, shop_rules.offer_price(game, item), money)
            for item in game.shop[: layout.shop]
        ]
        rows += [_EMPTY_ROW] * (layout.shop - len(rows))
        rows += [
            self._keyed("voucher", key, shop_rules.voucher_price(game, key), money)
            for key in game.shop_vouchers[: layout.vouchers]
        ]
        rows += [_EMPTY_ROW] * (layout.shop + layout.vouchers - len(rows))
        find = game.plugins.find
        rows += [
            self._keyed("booster", key, shop_rules.pack_price(game, find(BoosterType, key)), money)
            for key in game.shop_packs[: layout.packs]
        ]
        while rows and rows[-1] is _EMPTY_ROW:
            rows.pop()
        return rows

    def _pack(self, game: Game) -> list[tuple[Sequence[float], Any]]:
        if game.run.phase is not Phase.PACK:
            return []
        return [self._offer(item, 0.0, 0) for item in game.pack[: self.layout.pack]]

    # -- the globals -----------------------------------------------------------------------
    def _global(
        self, game: Game, chosen: frozenset[int], limit: int, noops_left: float
    ) -> tuple[Array, Array]:
        """The ``global`` and ``global_keys`` arrays."""
        n_selected = len(chosen)
        made, sel_chips, sel_mult = self._selection(game, chosen)
        run = game.run
        phase = run.phase
        in_pack = phase is Phase.PACK
        on_deck = run.blind_on_deck
        raw: list[float] = list(_PHASE_HOT[phase])
        payout = sum(float(line[1]) for line in run.payout) if phase is Phase.CASH_OUT else 0.0
        area = game.area
        raw += [
            run.ante, run.round, _log(run.dollars, 2), run.hands_left, run.discards_left,
            game.hand_size, len(area(Area.HAND)), len(area(Area.DECK)),
            len(area(Area.DISCARD)), len(game.playing_cards), game.joker_limit,
            len(game.jokers), game.consumable_limit, len(game.consumables),
            _log(shop_rules.reroll_price(game), 2), run.free_rerolls_left,
            _log(run.interest_cap, 2), run.skips, _log(run.hands_played, 3), run.stake,
            run.win_ante, run.won, _log(payout, 2),
            game.pack_picks if in_pack else 0, in_pack and game.pack_return is Phase.SHOP,
            on_deck == "Small", on_deck == "Big", on_deck == "Boss",
            n_selected / max(1, limit), limit, noops_left, _log(sel_chips, 3),
            _log(sel_mult, 2),
        ]  # fmt: skip
        # the blind
        blind = game.blind
        in_round = phase in (Phase.ROUND, Phase.CASH_OUT, Phase.GAME_OVER)
        if blind is not None and in_round:
            btype: BlindType = blind.type
            needed = run.blind_chips
            disabled = blind.disabled
        else:
            try:
                btype = blind_type_on_deck(game)
            except UnknownNameError:
                btype = game.plugins.blind(blind_key(game, "Small"))
            needed = blind_chips(game, btype)
            disabled = False
        score = run.chips if in_round else 0.0
        progress = score / needed if in_round and needed > 0 and math.isfinite(needed) else 0.0
        raw += [
            btype.is_boss, _log(needed, 8), _log(score, 8),
            progress if math.isfinite(progress) else 2.0, disabled, blind_reward(game, btype),
        ]  # fmt: skip
        states = run.blind_states
        for which in ("Small", "Big", "Boss"):
            raw += _STATE_HOT.get(states.get(which, ""), _NO_STATE)
        # Log columns were scaled above; the others are divided and clipped here.
        scaled = np.array(raw, dtype=np.float64)
        scaled *= _RUN_INV
        np.minimum(np.maximum(scaled, _RUN_LOW, out=scaled), _RUN_HIGH, out=scaled)
        unseen, owned = self._deck_rows(game)
        flags = np.zeros(self.hands, dtype=np.float32)
        if made >= 0:
            flags[made] = 1.0
        glob = np.concatenate(
            (scaled, self._hand_levels(game), flags, unseen, owned), dtype=np.float32
        )
        # the keys
        index = self.vocabulary.index
        tags = run.tags_offered
        keys = [
            index(btype.key),
            index(run.boss or None),
            index(tags.get("Small")) if states.get("Small") in _SKIPPABLE else EMPTY,
            index(tags.get("Big")) if states.get("Big") in _SKIPPABLE else EMPTY,
            self._deck_index(game),
            self._stake_index(game),
        ]
        layout = self.layout
        if run.tags:
            held = [index(key) for key in run.tags[: layout.tags]]
            keys += held + [EMPTY] * (layout.tags - len(held))
        else:
            keys += _NO_KEYS[: layout.tags]
        if run.vouchers:
            owned_keys = sorted(index(key) for key in run.vouchers)[: layout.owned_vouchers]
            keys += owned_keys + [EMPTY] * (layout.owned_vouchers - len(owned_keys))
        else:
            keys += _NO_KEYS[: layout.owned_vouchers]
        return glob, np.array(keys, dtype=np.int64)

    def _deck_index(self, game: Game) -> int:
        return self.vocabulary.index(game.deck.key)

    def _stake_index(self, game: Game) -> int:
        return self.vocabulary.index(game.stake.key) if game.stake is not None else EMPTY

    def _selection(self, game: Game, chosen: frozenset[int]) -> tuple[int, float, float]:
        """The poker hand the selected cards make (as the game shows while cards are
        selected: its name, base chips and mult), or ``(-1, 0, 0)``. Face-down cards show
        nothing: a selection holding one shows no hand."""
        if not chosen or game.run.phase is not Phase.ROUND:
            return -1, 0.0, 0.0
        hand = game.area(Area.HAND)
        n = len(hand)
        cards = [hand[i] for i in sorted(chosen) if i < n]
        if not cards or len(cards) > 5 or any(c._flags.face_down for c in cards):
            return -1, 0.0, 0.0
        found = detector(game.plugins).detect(
            [c.detect_key() for c in cards], game.rules.detection_key()
        )
        made = int(found.hand)
        if made >= self.hands:
            return -1, 0.0, 0.0
        hands = game.run.hands
        level = hands[made].level if made < len(hands) else 1
        values = self._hand_values.get((made, level))
        if values is None:
            if len(self._hand_values) > 4096:
                self._hand_values.clear()
            chips, mult = hand_values(HandType(made), level)
            values = self._hand_values[(made, level)] = (made, float(chips), float(mult))
        return values

    def _hand_levels(self, game: Game) -> Array:
        hands = game.run.hands
        key = [(h.level, h.played, h.played_this_round, h.visible) for h in hands]
        cached = self._levels
        if cached is not None and cached[0] == key:
            return cached[1]
        rows = self._level_rows
        if len(rows) > 4096:
            rows.clear()
        values: list[float] = []
        for hand in range(self.hands):
            stats = key[hand] if hand < len(key) else _FRESH_KEY
            row = rows.get((hand, stats))
            if row is None:
                level, played, this_round, visible = stats
                chips, mult = hand_values(HandType(hand), level)
                row = rows[(hand, stats)] = [
                    math.log10(max(1, level)) / 2, _log(chips, 3), _log(mult, 2),
                    _log(played, 2), _clip(this_round / 5), float(visible),
                ]  # fmt: skip
            values += row
        array = np.array(values, dtype=np.float32)
        self._levels = (key, array)
        return array

    def _deck_rows(self, game: Game) -> tuple[Array, Array]:
        # Every card owned, by identity, with its value components: while they are the
        # same, so is the count of what the cards look like. When one changed (a card
        # played is marked so), the same cards' looks (their first five components) are
        # compared before counting again.
        cards = game.playing_cards
        key = dict(zip(map(id, cards), map(_VALUES_OF, cards), strict=True))
        owned = self._owned
        if owned is None or owned[0] != key:
            if owned is None or not _same_looks(owned[0], key):
                owned = (key, _deck_row(_counts(list(map(self._code, cards))), len(cards)))
            else:
                owned = (key, owned[1])
            self._owned = owned
        # The draw pile, counted again only where it changed: cards drawn from its top.
        deck = game.area(Area.DECK)
        pile = self._pile
        n = len(deck)
        if pile is not None and pile[2] is owned[1] and n <= len(pile[0]) and deck == pile[0][:n]:
            if n < len(pile[0]):
                counts = list(pile[1])
                for card in pile[0][n:]:
                    for cell in self._code(card):
                        counts[cell] -= 1
                pile = self._pile = (list(deck), counts, owned[1])
        else:
            pile = self._pile = (list(deck), _counts(list(map(self._code, deck))), owned[1])
        down = [c for c in game.area(Area.HAND) if c._flags.face_down]
        key2 = (pile[1], down)
        found = self._unseen
        if found is None or found[0] != key2:
            counts = pile[1]
            if down:
                counts = list(counts)
                for card in down:
                    for cell in self._code(card):
                        counts[cell] += 1
            found = self._unseen = (key2, _deck_row(counts, n + len(down)))
        return found[1], owned[1]

    def _code(self, card: Card) -> tuple[int, ...]:
        """The deck-view cells of a card (kept while its value components are the same)."""
        values = card._values
        entry = self._codes.get(id(values))
        if entry is None or entry[0] is not values:
            if len(self._codes) > 4096:
                self._codes.clear()
            entry = self._codes[id(values)] = (values, _deck_code(card))
        return entry[1]


#: A playing card's value components, one tuple (immutable: a change swaps in another).
_VALUES_OF = operator.attrgetter("_values")
_FRESH_KEY = (1, 0, 0, False)
_SKIPPABLE = ("Select", "Upcoming")
#: The phase columns of each phase, and the state columns of each blind state.
_PHASE_HOT = {p: tuple(float(q is p) for q in _PHASES) for p in _PHASES}
_STATE_HOT = {s: tuple(float(s == t) for t in _BLIND_STATES) for s in _BLIND_STATES}
_NO_STATE = (0.0,) * len(_BLIND_STATES)
_NO_KEYS = [EMPTY] * 4096
_EMPTY_ROW: tuple[list[float], tuple[int, ...]] = ([0.0] * _N_NUM, (0,) * _N_CAT)
_STONE_AT = 52
_ENH_AT = 53
_ED_AT = _ENH_AT + len(_ENHANCEMENTS)
_SEAL_AT = _ED_AT + len(_EDITIONS)
_DECK_WIDTH = _SEAL_AT + len(_SEALS) + 1
_DECK_SCALE = np.array([1 / 4] * 52 + [1 / 52] * (_DECK_WIDTH - 52), dtype=np.float32)
_DECK_HIGH = np.array([1.0] * 52 + [4.0] * (_DECK_WIDTH - 52), dtype=np.float32)


def _relations_of(cards: Sequence[tuple[int, int]]) -> list[tuple[float, float, float]]:
    """Each hand card's place among the face-up cards, from each card's ``(rank, suit)``
    (rank 0 for a face-down or Stone card): others of its rank / 4, others of its suit
    / 8, and the run of consecutive ranks holding its rank / 5 (Ace high or low); zeros
    for face-down and Stone cards."""
    by_rank = [0] * 15
    by_suit = [0] * 4
    for rank, suit in cards:
        if rank:
            by_rank[rank] += 1
            by_suit[suit] += 1
    by_rank[1] = by_rank[14]  # an Ace also runs low
    runs = [0] * 16
    start = 0
    for rank in range(1, 16):
        if rank < 15 and by_rank[rank]:
            if not start:
                start = rank
        elif start:
            for x in range(start, rank):
                runs[x] = rank - start
            start = 0
    out: list[tuple[float, float, float]] = []
    for rank, suit in cards:
        if not rank:
            out.append(_NO_RELATION)
            continue
        run = max(runs[rank], runs[1]) if rank == 14 else runs[rank]
        out.append(
            (
                min(1.0, (by_rank[rank] - 1) / 4),
                min(1.0, (by_suit[suit] - 1) / 8),
                min(1.0, run / 5),
            )
        )
    return out


def _relations(hand: Sequence[Card]) -> list[tuple[float, float, float]]:
    """:func:`_relations_of` the cards of a hand."""
    return _relations_of([(0 if c.face_down else max(0, c.rank), int(c.suit)) for c in hand])


def _same_looks(before: dict[int, Any], now: dict[int, Any]) -> bool:
    """Whether the same cards (by identity) have the same looks (rank, suit, enhancement,
    edition and seal: the first five value components) in ``before`` and ``now``."""
    return before.keys() == now.keys() and all(
        before[i][:5] == values[:5] for i, values in now.items()
    )


def _place(nums: Array, cats: Array, start: int, rows: Sequence[Any], at: int = 0) -> None:
    """Rows into the tables from row ``start`` on: each row's numbers and categories
    (arrays) are its items ``at`` and ``at + 1``."""
    end = start + len(rows)
    np.concatenate([r[at] for r in rows], out=nums[start:end].reshape(-1))
    np.concatenate([r[at + 1] for r in rows], out=cats[start:end].reshape(-1))


_NO_RELATION = (0.0, 0.0, 0.0)


def _deck_code(card: Card) -> tuple[int, ...]:
    """The deck-view cells a card counts in: its rank and suit (or Stone), enhancement,
    edition and seal (a plugin's kind past the vanilla ones counts as none)."""
    e = int(card._enhancement.kind)
    cell = _STONE_AT if e == Enhancement.STONE else card._suit.value * 13 + card._rank.value - 2
    ed = int(card._edition.kind)
    seal = int(card._seal.kind)
    return (
        cell,
        _ENH_AT + (e if e < len(_ENHANCEMENTS) else 0),
        _ED_AT + (ed if ed < len(_EDITIONS) else 0),
        _SEAL_AT + (seal if seal < len(_SEALS) else 0),
    )


def _counts(codes: Sequence[tuple[int, ...]]) -> list[int]:
    """Cards per deck-view cell, from the cards' cells."""
    counts = [0] * _DECK_WIDTH
    for cells in codes:
        for cell in cells:
            counts[cell] += 1
    return counts


def _deck_row(counts: Sequence[int], n: int) -> Array:
    """One row of the deck view from its counts per cell, scaled."""
    row = np.array(counts, dtype=np.float32)
    row *= _DECK_SCALE
    np.minimum(row, _DECK_HIGH, out=row)
    row[-1] = min(4.0, n / 52)
    return row


def _card_row(card: Card) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """A playing card's numbers and categories (slot and selection left at 0)."""
    nums = [0.0] * _N_NUM
    nums[_I_PRESENT] = 1.0
    if card.face_down:
        nums[_I_FACE_DOWN] = 1.0
        return tuple(nums), (_KIND["playing_card"], EMPTY, 0, 0, 0, 0, 0)
    enhancement = int(card.enhancement)
    stone = enhancement == Enhancement.STONE
    bonus = card.perma_bonus
    nums[_E["debuffed"]] = float(card.debuffed)
    nums[_E["forced"]] = float(card.forced)
    nums[_E["chips"]] = 0.0 if stone else _clip((card.chip_value + bonus) / 11)
    nums[_E["bonus_chips"]] = _log(bonus, 3)
    cats = (
        _KIND["playing_card"],
        EMPTY,
        0 if stone else card.base_rank - 1,
        0 if stone else int(card.suit) + 1,
        enhancement if enhancement < 9 else 0,
        int(card.edition),
        int(card.seal),
    )
    return tuple(nums), cats


def _hidden() -> tuple[tuple[float, ...], tuple[int, ...]]:
    nums = [0.0] * _N_NUM
    nums[_I_PRESENT] = 1.0
    nums[_I_FACE_DOWN] = 1.0
    return tuple(nums), (_KIND["joker"], HIDDEN, 0, 0, 0, 0, 0)


#: The row of a joker flipped face down (Amber Acorn).
_HIDDEN_JOKER = _hidden()

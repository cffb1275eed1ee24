"""What a player sees, as fixed-size arrays for learning agents and as JSON or text for
language-model agents.

An observation holds only what the game shows the player: the hand (face-down cards show
nothing but that they are face down), the jokers (a joker flipped by Amber Acorn shows
nothing), the consumables, the shop on display, the open pack, the blind, the run's
numbers, the poker hand levels and the *composition* of the draw pile (the game's deck
view shows it). It never holds the order of the draw pile, future shops or packs, the
run seed, or anything else the player cannot know.

* :class:`Observer` turns a game into a dict of numpy arrays (:meth:`Observer.observe`)
  with a matching Gymnasium space (:meth:`Observer.space`), and a flat vector
  (:meth:`Observer.flatten`). Every array, its shape and the meaning of every column are
  listed in ``docs/learning.md`` and in the feature tables below (:data:`ITEM_FEATURES`,
  :data:`RUN_FEATURES`, :data:`BLIND_FEATURES`, :data:`HAND_LEVEL_FEATURES`,
  :data:`DECK_FEATURES`).
* :class:`Vocabulary` numbers content keys (jokers, consumables, vouchers, packs, blinds,
  tags, decks, stakes). Vanilla indices are frozen in ``data/vocabulary.toml``; content
  from third-party packs gets the indices after them.
* :func:`describe_state` is the same view as a JSON-ready dict (with descriptions of
  what each item does and the legal actions), and :func:`describe_text` as a screen of
  text, for agents that read.

>>> from balatro_ecs import Game
>>> game = Game(seed="OBSERVE1")
>>> obs = Observer().observe(game)
>>> obs["hand"].shape, int(obs["run"][RUN_INDEX["ante"]]), int(obs["deck"][0, -1])
((16, 22), 1, 52)
>>> describe_state(game)["phase"]
'blind_select'
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from ..game.actions import ACTION_SPACE, ActionSpace
from ..game.cards import Card
from ..game.determinize import face_down_jokers
from ..game.jokers import Consumable, Joker
from ..game.state import HandLevel, Phase, hand_count, hand_values
from ..game.unseen import unseen_cards
from ..kernel.components import Area
from ..kernel.content import (
    BlindType,
    BoosterType,
    ConsumableType,
    ContentType,
    DeckType,
    JokerType,
    StakeType,
    TagType,
    VoucherType,
)
from ..kernel.enums import HAND_NAMES, Edition, Enhancement, HandType, Seal
from ..kernel.errors import UnknownNameError

if TYPE_CHECKING:
    from gymnasium import spaces

    from ..game.game import Game
    from ..kernel.manager import Plugins

__all__ = [
    "BLIND_FEATURES",
    "BLIND_INDEX",
    "DECK_FEATURES",
    "DECK_INDEX",
    "EMPTY",
    "HAND_LEVEL_FEATURES",
    "HIDDEN",
    "ITEM_FEATURES",
    "ITEM_INDEX",
    "ITEM_KINDS",
    "OBS_KEYS",
    "RUN_FEATURES",
    "RUN_INDEX",
    "Feature",
    "Layout",
    "Observer",
    "Vocabulary",
    "describe_state",
    "describe_text",
    "face_down_jokers",
    "observe",
]

Array = npt.NDArray[Any]

#: Vocabulary index of an empty slot (and of "no content").
EMPTY = 0
#: Vocabulary index of content the player cannot see (face down) or that the vocabulary
#: does not know (a key from a plugin set other than the one it was built for).
HIDDEN = 1

#: The content families, in the order their keys are numbered (vanilla and third-party).
_FAMILIES: tuple[type[ContentType], ...] = (
    JokerType, ConsumableType, VoucherType, BoosterType, BlindType, TagType, DeckType, StakeType,
)  # fmt: skip
_VANILLA_MODULE = "balatro_ecs_vanilla"


# ---------------------------------------------------------------------------------------
# the vocabulary
# ---------------------------------------------------------------------------------------


class Vocabulary:
    """Content keys numbered for the ``key`` columns: 0 empty, 1 hidden or unknown, then
    the vanilla keys in the frozen order of ``data/vocabulary.toml``, then any other keys.

    >>> vocab = Vocabulary.vanilla()
    >>> vocab.index("j_joker"), vocab.key(2), vocab.index(None), vocab.index("j_nope_nope")
    (2, 'j_joker', 0, 1)
    """

    def __init__(self, keys: Iterable[str]) -> None:
        #: Every key, by index (the first two are the reserved ``"<empty>"`` and ``"<hidden>"``).
        self.keys: tuple[str, ...] = ("<empty>", "<hidden>", *dict.fromkeys(keys))
        self._index = {key: i for i, key in enumerate(self.keys)}

    @classmethod
    def vanilla(cls) -> Vocabulary:
        """The vanilla keys only (what :meth:`from_plugins` starts with)."""
        return cls(_vanilla_keys())

    @classmethod
    def from_plugins(cls, plugins: Plugins, pinned: Sequence[str] = ()) -> Vocabulary:
        """The vanilla keys, then ``pinned`` keys in the order given, then every other key
        of the plugin set, by family (jokers, consumables, vouchers, packs, blinds, tags,
        decks, stakes) and in the game's order within a family.

        Vanilla indices never move. A third-party key's index depends on the other
        third-party content installed; pass the keys of a trained model's vocabulary
        (:meth:`extra_keys`) as ``pinned`` to keep its indices under a changed plugin set.
        """
        extra: list[str] = []
        for family in _FAMILIES:
            extra += [item.key for item in plugins.all(family)]
        return cls([*_vanilla_keys(), *pinned, *extra])

    def index(self, key: str | None) -> int:
        """A key's index: :data:`EMPTY` for ``None``, :data:`HIDDEN` for an unknown key."""
        if key is None:
            return EMPTY
        return self._index.get(key, HIDDEN)

    def key(self, index: int) -> str | None:
        """The key at ``index`` (``None`` for the two reserved indices)."""
        return self.keys[index] if index > HIDDEN else None

    def extra_keys(self) -> list[str]:
        """The keys after the vanilla ones, in index order (save them with a model)."""
        return list(self.keys[2 + len(_vanilla_keys()) :])

    @property
    def size(self) -> int:
        return len(self.keys)

    def __len__(self) -> int:
        return len(self.keys)

    def __repr__(self) -> str:
        return f"<Vocabulary {self.size} keys>"


@functools.cache
def _vanilla_keys() -> list[str]:
    """The frozen indices of ``tools/data/vocabulary.toml`` (an observation format: the
    vanilla keys' numbers, fixed so that trained models keep reading them)."""
    text = resources.files("balatro_ecs.tools").joinpath("data", "vocabulary.toml")
    keys: list[str] = tomllib.loads(text.read_text("utf-8"))["keys"]
    return keys


def _vocabulary(plugins: Plugins) -> Vocabulary:
    """The plugin set's vocabulary, kept until the set changes."""
    found = plugins.cache.get(("observe", "vocabulary"))
    if not isinstance(found, Vocabulary):
        found = plugins.cache[("observe", "vocabulary")] = Vocabulary.from_plugins(plugins)
    return found


# ---------------------------------------------------------------------------------------
# the feature tables
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feature:
    """One column of an observation array: its name, bounds and meaning.

    Values outside ``[low, high]`` are clipped into them. A ``high`` of ``None`` means
    "the vocabulary's largest index" (a content key column).
    """

    name: str
    low: float
    high: float | None
    doc: str


_BIG = 1e6
_MONEY = 1e7

#: ``kind`` column of :data:`ITEM_FEATURES`.
ITEM_KINDS: tuple[str, ...] = (
    "empty", "joker", "tarot", "planet", "spectral", "consumable", "playing_card", "voucher",
    "booster",
)  # fmt: skip
_KIND = {name: i for i, name in enumerate(ITEM_KINDS)}
_SET_KIND = {"Tarot": _KIND["tarot"], "Planet": _KIND["planet"], "Spectral": _KIND["spectral"]}

#: One row per slot of every card area (hand, jokers, consumables, shop, open pack):
#: columns that do not apply to an item are 0.
ITEM_FEATURES: tuple[Feature, ...] = (
    Feature("kind", 0, len(ITEM_KINDS) - 1, "what is in the slot: " + ", ".join(
        f"{i} {name}" for i, name in enumerate(ITEM_KINDS))),
    Feature("key", 0, None, "content key index (Vocabulary); 0 playing card, 1 hidden/unknown"),
    Feature("edition", 0, 4, "0 none, 1 Foil, 2 Holographic, 3 Polychrome, 4 Negative"),
    Feature("rank", 0, 14, "playing card rank 2..14 (Ace 14); 0 for Stone, face down or none"),
    Feature("suit", 0, 4, "playing card suit: 1 Spades, 2 Hearts, 3 Clubs, 4 Diamonds; 0 none"),
    Feature("enhancement", 0, 8, "0 none, 1 Bonus, 2 Mult, 3 Wild, 4 Glass, 5 Steel, 6 Stone, "
            "7 Gold, 8 Lucky"),
    Feature("seal", 0, 4, "0 none, 1 Gold, 2 Red, 3 Blue, 4 Purple"),
    Feature("bonus_chips", 0, _BIG, "a playing card's permanent extra chips (Hiker)"),
    Feature("debuffed", 0, 1, "1 if debuffed (by the blind, or a joker's perishable run out)"),
    Feature("face_down", 0, 1, "1 if face down: all else 0 (but kind, and key 1 for a joker)"),
    Feature("forced", 0, 1, "1 if the card must be in the next play or discard (Cerulean Bell)"),
    Feature("cost", 0, _MONEY, "what buying it costs now, $ (shop offers; 0 otherwise)"),
    Feature("sell_value", 0, _MONEY, "what selling it pays, $ (owned jokers and consumables)"),
    Feature(
        "rarity",
        0,
        4,
        "joker rarity: 1 Common, 2 Uncommon, 3 Rare, 4 Legendary; a pack's rarity its "
        "declared order, held within 0..4",
    ),
    Feature("eternal", 0, 1, "1 if Eternal (cannot be sold or destroyed)"),
    Feature("perishable", 0, 1, "1 if Perishable"),
    Feature("perishable_rounds", 0, 100, "rounds left before a Perishable joker is debuffed"),
    Feature("rental", 0, 1, "1 if Rental (costs $1 to buy, charges rent each round)"),
    Feature("mult", -_BIG, _BIG, "joker counter: +Mult it holds (state['mult'])"),
    Feature("x_mult", -_BIG, _BIG, "joker counter: xMult it holds (state['x_mult'])"),
    Feature("chips", -_BIG, _BIG, "joker counter: chips it holds (state or extra 'chips')"),
    Feature("extra", -_BIG, _BIG, "joker counter: its numeric 'extra' value, if a number"),
)  # fmt: skip

_PHASES: tuple[Phase, ...] = tuple(Phase)

#: The ``run`` array.
RUN_FEATURES: tuple[Feature, ...] = (
    *(Feature(f"phase_{p.value}", 0, 1, f"1 in the {p.value.replace('_', ' ')} phase")
      for p in _PHASES),
    Feature("ante", -100, 1000, "the ante"),
    Feature("round", 0, 1e5, "blinds played so far this run"),
    Feature("money", -_MONEY, _MONEY, "dollars"),
    Feature("hands_left", 0, 100, "hands left this round"),
    Feature("discards_left", 0, 100, "discards left this round"),
    Feature("hand_size", 0, 100, "cards the hand holds this round"),
    Feature("hand_count", 0, 1000, "cards in hand now"),
    Feature("deck_count", 0, 1e4, "cards in the draw pile"),
    Feature("discard_count", 0, 1e4, "cards in the discard pile"),
    Feature("cards_total", 0, 1e4, "playing cards the run owns"),
    Feature("joker_slots", 0, 1000, "joker slots (Negative jokers add one each)"),
    Feature("joker_count", 0, 1000, "jokers held"),
    Feature("consumable_slots", 0, 1000, "consumable slots"),
    Feature("consumable_count", 0, 1000, "consumables held"),
    Feature("reroll_cost", 0, _MONEY, "what the next shop reroll costs, $"),
    Feature("free_rerolls", 0, 100, "free rerolls left (Chaos the Clown, D6 Tag)"),
    Feature("interest_cap", 0, _MONEY, "most interest a round can pay, $"),
    Feature("skips", 0, 1000, "blinds skipped this run"),
    Feature("hands_played", 0, 1e6, "hands played this run"),
    Feature("stake", 0, 100, "stake level (1 White .. 8 Gold)"),
    Feature("win_ante", 0, 1000, "the ante whose boss wins the run"),
    Feature("won", 0, 1, "1 once the run is won"),
    Feature("payout", -_MONEY, _MONEY, "the round's payout, $ (cash-out phase)"),
    Feature("pack_picks", 0, 100, "cards still to pick from the open pack"),
    Feature("pack_in_shop", 0, 1, "1 if the open pack was bought in the shop (not a tag's)"),
    Feature("blind_small", 0, 1, "1 if the Small Blind is on deck"),
    Feature("blind_big", 0, 1, "1 if the Big Blind is on deck"),
    Feature("blind_boss", 0, 1, "1 if the Boss Blind is on deck"),
)  # fmt: skip

_BLIND_STATES = ("", "Select", "Upcoming", "Current", "Defeated", "Skipped")
_STATE_CODE = {name: i for i, name in enumerate(_BLIND_STATES)}

#: The ``blind`` array: the blind being played, or the one on deck.
BLIND_FEATURES: tuple[Feature, ...] = (
    Feature("key", 0, None, "the blind played now (round, cash-out) or on deck (otherwise)"),
    Feature("is_boss", 0, 1, "1 if that blind is a boss"),
    Feature("chips_needed_log10", 0, 400, "log10(1 + score needed to beat it)"),
    Feature("score_log10", 0, 400, "log10(1 + score made this round)"),
    Feature("progress", 0, 10, "score made / score needed (0 outside a round)"),
    Feature("disabled", 0, 1, "1 if the boss's ability is disabled (Chicot, Luchador)"),
    Feature("reward", 0, 1000, "what beating it pays, $"),
    Feature("boss_key", 0, None, "this ante's boss (shown on the blind select screen)"),
    Feature("state_small", 0, 5, "Small Blind: " + ", ".join(
        f"{i} {n or 'unknown'}" for i, n in enumerate(_BLIND_STATES))),
    Feature("state_big", 0, 5, "Big Blind, same codes"),
    Feature("state_boss", 0, 5, "Boss Blind, same codes"),
    Feature("tag_small", 0, None, "the tag for skipping the Small Blind (while skippable)"),
    Feature("tag_big", 0, None, "the tag for skipping the Big Blind (while skippable)"),
)  # fmt: skip

#: The row of a hand the run's table does not have yet (declared after the run began).
_FRESH_HAND = HandLevel(1, 0, 0, False)

#: The ``hand_levels`` array: one row per poker hand, in :class:`~balatro_ecs.kernel.enums.HandType`
#: order (Flush Five first, High Card last; then the hands the plugin set adds).
HAND_LEVEL_FEATURES: tuple[Feature, ...] = (
    Feature("level", 0, 1e4, "the hand's level"),
    Feature("chips", 0, 1e7, "its base chips at that level"),
    Feature("mult", 0, 1e7, "its base mult at that level"),
    Feature("played", 0, 1e6, "times played this run"),
    Feature("played_this_round", 0, 1000, "times played this round"),
    Feature("visible", 0, 1, "1 if the hand is listed in the run info (secret hands once played)"),
)

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_SUIT_LETTERS = ("S", "H", "C", "D")

#: The columns of each row of the ``deck`` array (row 0: the cards not seen yet, the draw
#: pile and the face-down cards in hand; row 1: every playing card the run owns): a count
#: of cards per column.
DECK_FEATURES: tuple[Feature, ...] = (
    *(Feature(f"{s}_{r}", 0, 1e4, f"cards of rank {r}, suit {s} (not Stone)")
      for s in _SUIT_LETTERS for r in _RANKS),
    Feature("stone", 0, 1e4, "Stone cards (no rank, no suit)"),
    *(Feature(f"enhancement_{e.name.lower()}", 0, 1e4, f"cards with enhancement {e.name.title()}")
      for e in Enhancement),
    *(Feature(f"edition_{e.name.lower()}", 0, 1e4, f"cards with edition {e.name.title()}")
      for e in Edition),
    *(Feature(f"seal_{s.name.lower()}", 0, 1e4, f"cards with seal {s.name.title()}")
      for s in Seal),
    Feature("total", 0, 1e4, "cards"),
)  # fmt: skip

RUN_INDEX = {f.name: i for i, f in enumerate(RUN_FEATURES)}
BLIND_INDEX = {f.name: i for i, f in enumerate(BLIND_FEATURES)}
ITEM_INDEX = {f.name: i for i, f in enumerate(ITEM_FEATURES)}
DECK_INDEX = {f.name: i for i, f in enumerate(DECK_FEATURES)}
# The row builders below write ITEM_FEATURES columns by position.
assert [ITEM_INDEX[n] for n in ("key", "face_down", "cost", "extra")] == [1, 9, 11, 21]

#: The observation's arrays, in the order :meth:`Observer.flatten` concatenates them
#: (``action_mask`` last, and only when asked for).
OBS_KEYS: tuple[str, ...] = (
    "run", "blind", "hand_levels", "deck", "hand", "hand_mask", "jokers", "jokers_mask",
    "consumables", "consumables_mask", "shop", "shop_mask", "vouchers", "vouchers_mask",
    "packs", "packs_mask", "pack", "pack_mask", "tags", "owned_vouchers", "action_mask",
)  # fmt: skip


@dataclass(frozen=True)
class Layout:
    """How many slots each area of an observation has (items beyond them are not shown).

    The defaults cover a vanilla run: 16 hand cards (the action space reaches the first
    10), 16 jokers, 8 consumables, the shop's 6 card, 2 voucher and 2 pack slots, a pack's
    5 cards, 8 held tags and 32 owned vouchers.
    """

    hand: int = 16
    jokers: int = 16
    consumables: int = 8
    shop: int = 6
    vouchers: int = 2
    packs: int = 2
    pack: int = 5
    tags: int = 8
    owned_vouchers: int = 32
    #: The action space whose mask ``action_mask`` is.
    actions: ActionSpace = field(default=ACTION_SPACE, compare=False, repr=False)

    def slots(self) -> dict[str, int]:
        """The item areas and their slot counts."""
        return {
            "hand": self.hand, "jokers": self.jokers, "consumables": self.consumables,
            "shop": self.shop, "vouchers": self.vouchers, "packs": self.packs, "pack": self.pack,
        }  # fmt: skip


def _bounds(features: Sequence[Feature], vocab_high: int) -> tuple[Array, Array]:
    low = np.array([f.low for f in features], dtype=np.float32)
    high = np.array([vocab_high if f.high is None else f.high for f in features], np.float32)
    return low, high


# ---------------------------------------------------------------------------------------
# reading a game
# ---------------------------------------------------------------------------------------


def _number(value: Any) -> float:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else math.copysign(_BIG, value)
    return 0.0


_ZEROS = (0.0,) * len(ITEM_FEATURES)


def _card_row(card: Card, cost: float = 0.0) -> list[float]:
    row = list(_ZEROS)
    row[0] = _KIND["playing_card"]
    if card.face_down:
        row[9] = 1.0
        return row
    enhancement = card.enhancement
    if enhancement != Enhancement.STONE:
        row[3] = card.base_rank
        row[4] = card.suit + 1
    row[2] = card.edition
    row[5] = enhancement
    row[6] = card.seal
    row[7] = card.perma_bonus
    row[8] = card.debuffed
    row[10] = card.forced
    row[11] = cost
    return row


def _counters(state: dict[str, Any], row: list[float]) -> None:
    extra = state.get("extra")
    row[18] = _number(state.get("mult", 0))
    row[19] = _number(state.get("x_mult", 0))
    chips = state.get("chips")
    if chips is None and isinstance(extra, dict):
        chips = extra.get("chips")
    row[20] = _number(chips)
    row[21] = _number(extra)


def _joker_row(
    joker: Joker, vocab: Vocabulary, *, cost: float = 0.0, owned: bool = True
) -> list[float]:
    row = list(_ZEROS)
    row[0] = _KIND["joker"]
    row[1] = vocab.index(joker.key)
    row[2] = joker.edition
    row[8] = joker.debuffed
    row[11] = cost
    if owned:
        row[12] = joker.sell_value
    row[13] = min(4.0, max(0.0, joker.type.rarity_rank))
    if joker._stickers.values:  # the game's three stickers (a pack's have no column)
        row[14] = joker.eternal
        rounds = joker.perishable
        if rounds is not None:
            row[15] = 1.0
            row[16] = rounds
        row[17] = joker.rental
    _counters(joker.state, row)
    return row


def _consumable_row(
    item: Consumable, vocab: Vocabulary, *, cost: float = 0.0, owned: bool = True
) -> list[float]:
    row = list(_ZEROS)
    row[0] = _SET_KIND.get(item.type.set, _KIND["consumable"])
    row[1] = vocab.index(item.key)
    row[2] = item.edition
    row[11] = cost
    if owned:
        row[12] = item.sell_value
    return row


def _offer_row(item: Joker | Consumable | Card, vocab: Vocabulary, cost: float) -> list[float]:
    if isinstance(item, Joker):
        return _joker_row(item, vocab, cost=cost, owned=False)
    if isinstance(item, Consumable):
        return _consumable_row(item, vocab, cost=cost, owned=False)
    return _card_row(item, cost)


def _key_row(kind: str, index: int, cost: float) -> list[float]:
    row = list(_ZEROS)
    row[0] = _KIND[kind]
    row[1] = index
    row[11] = cost
    return row


def _deck_counts(cards: Iterable[Card]) -> list[float]:
    counts = [0.0] * len(DECK_FEATURES)
    stone_at, enh, ed, seal = _STONE_AT, _ENH_AT, _ED_AT, _SEAL_AT
    stone = Enhancement.STONE
    n = 0
    # The components directly (this runs for every card twice an observation).
    for card in cards:
        n += 1
        e = card._enhancement.kind
        if e == stone:
            counts[stone_at] += 1
        else:
            counts[card._suit.value * 13 + card._rank.value - 2] += 1
        counts[enh + e] += 1
        counts[ed + card._edition.kind] += 1
        counts[seal + card._seal.kind] += 1
    counts[-1] = n
    return counts


#: A playing card's value components, one tuple (immutable: a change swaps in another).
_VALUES_OF = operator.attrgetter("_values")
_STONE_AT = DECK_INDEX["stone"]
_ENH_AT = DECK_INDEX["enhancement_none"]
_ED_AT = DECK_INDEX["edition_none"]
_SEAL_AT = DECK_INDEX["seal_none"]


def _log10(value: float) -> float:
    if not math.isfinite(value):
        return 400.0 if value > 0 else 0.0
    return math.log10(1.0 + max(0.0, value))


class Observer:
    """Turns games into observations of one fixed shape (see the module's docs).

    :param plugins: The plugin set whose content the vocabulary numbers (default: the
        default set).
    :param layout: Slot counts (:class:`Layout`).
    :param vocabulary: The key numbering (default: :meth:`Vocabulary.from_plugins`).
    """

    def __init__(
        self,
        plugins: Plugins | None = None,
        layout: Layout | None = None,
        vocabulary: Vocabulary | None = None,
    ) -> None:
        if plugins is None:
            from ..kernel.manager import Plugins

            plugins = Plugins.default()
        self.plugins = plugins
        self.layout = layout if layout is not None else Layout()
        self.vocabulary = vocabulary if vocabulary is not None else _vocabulary(plugins)
        high = self.vocabulary.size - 1
        self._item_bounds = _bounds(ITEM_FEATURES, high)
        self._run_bounds = _bounds(RUN_FEATURES, high)
        self._blind_bounds = _bounds(BLIND_FEATURES, high)
        self._level_bounds = _bounds(HAND_LEVEL_FEATURES, high)
        self._deck_bounds = _bounds(DECK_FEATURES, high)
        self._hand_types = tuple(map(HandType, range(hand_count(plugins))))
        self._hand_values: dict[tuple[HandType, int], tuple[float, float]] = {}
        self._card_rows: dict[int, tuple[Any, Array]] = {}
        self._pile: tuple[list[Any], list[float]] | None = None

    # -- the space -------------------------------------------------------------------------
    def shapes(self) -> dict[str, tuple[int, ...]]:
        """Every array's shape, by key (in :data:`OBS_KEYS` order)."""
        layout = self.layout
        out: dict[str, tuple[int, ...]] = {
            "run": (len(RUN_FEATURES),),
            "blind": (len(BLIND_FEATURES),),
            "hand_levels": (hand_count(self.plugins), len(HAND_LEVEL_FEATURES)),
            "deck": (2, len(DECK_FEATURES)),
        }
        for name, slots in layout.slots().items():
            out[name] = (slots, len(ITEM_FEATURES))
            out[f"{name}_mask"] = (slots,)
        out["tags"] = (layout.tags,)
        out["owned_vouchers"] = (layout.owned_vouchers,)
        out["action_mask"] = (layout.actions.size,)
        return {key: out[key] for key in OBS_KEYS}

    def space(self, *, action_mask: bool = True) -> spaces.Dict:
        """The Gymnasium space of :meth:`observe`'s output (needs ``gymnasium``)."""
        from gymnasium import spaces

        shapes = self.shapes()
        high = self.vocabulary.size - 1
        table = {
            "run": self._run_bounds,
            "blind": self._blind_bounds,
            "hand_levels": self._level_bounds,
            "deck": self._deck_bounds,
        }
        out: dict[str, spaces.Space[Any]] = {}
        for key in OBS_KEYS:
            shape = shapes[key]
            if key == "action_mask" and not action_mask:
                continue
            if key.endswith("_mask"):
                out[key] = spaces.Box(0, 1, shape, dtype=np.int8)
            elif key in ("tags", "owned_vouchers"):
                out[key] = spaces.Box(0, high, shape, dtype=np.float32)
            else:
                low, top = table.get(key, self._item_bounds)
                out[key] = spaces.Box(
                    np.broadcast_to(low, shape).copy(),
                    np.broadcast_to(top, shape).copy(),
                    dtype=np.float32,
                )
        return spaces.Dict(out)

    def flat_size(self, *, action_mask: bool = False) -> int:
        """The length of :meth:`flatten`'s vector."""
        return sum(
            int(np.prod(shape))
            for key, shape in self.shapes().items()
            if action_mask or key != "action_mask"
        )

    def flatten(self, obs: dict[str, Array], *, action_mask: bool = False) -> Array:
        """One float32 vector: the arrays in :data:`OBS_KEYS` order, each flattened row by
        row (``action_mask`` left out unless asked for)."""
        parts = [
            np.asarray(obs[key], dtype=np.float32).ravel()
            for key in OBS_KEYS
            if action_mask or key != "action_mask"
        ]
        return np.concatenate(parts)

    # -- observing -------------------------------------------------------------------------
    def observe(self, game: Game, *, action_mask: bool = True) -> dict[str, Array]:
        """What the player sees now, as fresh arrays (see :meth:`space`)."""
        from ..game.run import shop as shop_rules
        from ..game.run.blinds import blind_chips, blind_key, blind_reward, blind_type_on_deck

        layout, vocab = self.layout, self.vocabulary
        run = game.run
        phase = run.phase
        index = vocab.index
        out: dict[str, Array] = {}

        # run numbers
        in_pack = phase is Phase.PACK
        hand = game.area(Area.HAND)
        on_deck = run.blind_on_deck
        values: list[float] = [float(p is phase) for p in _PHASES]
        values += [
            run.ante, run.round, run.dollars, run.hands_left, run.discards_left,
            game.hand_size, len(hand), len(game.area(Area.DECK)),
            len(game.area(Area.DISCARD)), len(game.playing_cards), game.joker_limit,
            len(game.jokers), game.consumable_limit, len(game.consumables),
            shop_rules.reroll_price(game), run.free_rerolls_left, run.interest_cap, run.skips,
            run.hands_played, run.stake, run.win_ante, run.won,
            sum(float(line[1]) for line in run.payout) if phase is Phase.CASH_OUT else 0.0,
            game.pack_picks if in_pack else 0, in_pack and game.pack_return is Phase.SHOP,
            on_deck == "Small", on_deck == "Big", on_deck == "Boss",
        ]  # fmt: skip
        out["run"] = self._clip(values, self._run_bounds)

        # the blind
        blind = game.blind
        if blind is not None and phase in (Phase.ROUND, Phase.CASH_OUT, Phase.GAME_OVER):
            btype: BlindType = blind.type
            needed = run.blind_chips
            disabled = blind.disabled
        else:
            try:
                btype = blind_type_on_deck(game)
            except UnknownNameError:  # no boss drawn (a bare game a scenario set up)
                btype = game.plugins.blind(blind_key(game, "Small"))
            needed = blind_chips(game, btype)
            disabled = False
        in_round = phase in (Phase.ROUND, Phase.CASH_OUT, Phase.GAME_OVER)
        score = run.chips if in_round else 0.0
        progress = score / needed if in_round and needed > 0 and math.isfinite(needed) else 0.0
        states = run.blind_states
        tags = run.tags_offered
        values = [
            index(btype.key), btype.is_boss, _log10(needed), _log10(score),
            progress if math.isfinite(progress) else 10.0, disabled,
            blind_reward(game, btype), index(run.boss or None),
            _STATE_CODE.get(states.get("Small", ""), 0), _STATE_CODE.get(states.get("Big", ""), 0),
            _STATE_CODE.get(states.get("Boss", ""), 0),
            index(tags.get("Small")) if states.get("Small") in ("Select", "Upcoming") else 0,
            index(tags.get("Big")) if states.get("Big") in ("Select", "Upcoming") else 0,
        ]  # fmt: skip
        out["blind"] = self._clip(values, self._blind_bounds)

        # hand levels
        rows: list[list[float]] = []
        hands = run.hands
        values_of = self._hand_values
        n_hands = hand_count(self.plugins)
        if len(self._hand_types) != n_hands:
            self._hand_types = tuple(map(HandType, range(n_hands)))
        for hand_type in self._hand_types:  # the set's hands
            stats = hands[hand_type] if hand_type < len(hands) else _FRESH_HAND
            found = values_of.get((hand_type, stats.level))
            if found is None:
                found = values_of[(hand_type, stats.level)] = hand_values(hand_type, stats.level)
            chips, mult = found
            rows.append(
                [stats.level, chips, mult, stats.played, stats.played_this_round, stats.visible]
            )
        out["hand_levels"] = self._clip(rows, self._level_bounds)

        # the deck view: the cards not seen yet (the draw pile, the face-down cards in hand)
        # and every playing card
        unseen = unseen_cards(game)
        looks = list(map(_VALUES_OF, unseen))  # the counts depend on these alone
        kept = self._pile
        if kept is None or kept[0] != looks:
            kept = self._pile = (looks, _deck_counts(unseen))
        pile = kept[1]
        seen = (card for card in hand if not card.face_down)
        rest = _deck_counts(itertools.chain(seen, game.area(Area.PLAY), game.area(Area.DISCARD)))
        out["deck"] = self._clip(
            [pile, [a + b for a, b in zip(pile, rest, strict=True)]], self._deck_bounds
        )

        # the card areas
        self._hand(out, hand[: layout.hand])
        down = face_down_jokers(game)
        joker_rows = []
        for i, joker in enumerate(game.jokers[: layout.jokers]):
            if i in down:
                row = list(_ZEROS)
                row[0], row[1], row[9] = _KIND["joker"], HIDDEN, 1.0
                joker_rows.append(row)
            else:
                joker_rows.append(_joker_row(joker, vocab))
        self._area(out, "jokers", joker_rows)
        self._area(
            out,
            "consumables",
            [_consumable_row(c, vocab) for c in game.consumables[: layout.consumables]],
        )
        in_shop = phase is Phase.SHOP or (in_pack and game.pack_return is Phase.SHOP)
        shop_rows: list[list[float]] = []
        voucher_rows: list[list[float]] = []
        pack_rows: list[list[float]] = []
        if in_shop:
            shop_rows = [
                _offer_row(item, vocab, shop_rules.offer_price(game, item))
                for item in game.shop[: layout.shop]
            ]
            voucher_rows = [
                _key_row("voucher", index(key), shop_rules.voucher_price(game, key))
                for key in game.shop_vouchers[: layout.vouchers]
            ]
            find = game.plugins.find
            pack_rows = [
                _key_row("booster", index(key), shop_rules.pack_price(game, find(BoosterType, key)))
                for key in game.shop_packs[: layout.packs]
            ]
        self._area(out, "shop", shop_rows)
        self._area(out, "vouchers", voucher_rows)
        self._area(out, "packs", pack_rows)
        self._area(
            out,
            "pack",
            [_offer_row(item, vocab, 0.0) for item in game.pack[: layout.pack]] if in_pack else [],
        )

        # tags held and vouchers owned
        held = [index(key) for key in run.tags[: layout.tags]]
        out["tags"] = np.array(held + [0] * (layout.tags - len(held)), dtype=np.float32)
        owned = sorted(index(key) for key in run.vouchers)[: layout.owned_vouchers]
        out["owned_vouchers"] = np.array(
            owned + [0] * (layout.owned_vouchers - len(owned)), dtype=np.float32
        )
        if action_mask:
            out["action_mask"] = _mask_array(game.action_mask(), np.int8)
        return {key: out[key] for key in OBS_KEYS if key in out}

    def _hand(self, out: dict[str, Array], cards: list[Card]) -> None:
        """The hand's table: each card's row kept (clipped, as float32) while its value
        components are the same (the row reads nothing else)."""
        table = np.zeros((self.layout.hand, len(ITEM_FEATURES)), dtype=np.float32)
        mask = np.zeros(self.layout.hand, dtype=np.int8)
        if cards:
            kept = self._card_rows
            rows = []
            for card in cards:
                values = card._values
                entry = kept.get(id(values))
                if entry is None or entry[0] is not values:
                    if len(kept) > 4096:
                        kept.clear()
                    row = np.array([_card_row(card)], dtype=np.float64)
                    entry = kept[id(values)] = (values, _clipped(row, self._item_bounds)[0])
                rows.append(entry[1])
            n = len(rows)
            np.concatenate(rows, out=table[:n].reshape(-1), casting="same_kind")
            mask[:n] = 1
        out["hand"] = table
        out["hand_mask"] = mask

    def _area(self, out: dict[str, Array], name: str, rows: list[list[float]]) -> None:
        slots: int = getattr(self.layout, name)
        table = np.zeros((slots, len(ITEM_FEATURES)), dtype=np.float32)
        mask = np.zeros(slots, dtype=np.int8)
        if rows:
            n = len(rows)
            table[:n] = _clipped(np.array(rows, dtype=np.float64), self._item_bounds)
            mask[:n] = 1
        out[name] = table
        out[f"{name}_mask"] = mask

    @staticmethod
    def _clip(values: Sequence[Any], bounds: tuple[Array, Array]) -> Array:
        return _clipped(np.array(values, dtype=np.float64), bounds).astype(np.float32)


def _mask_array(mask: list[bool], dtype: type[np.integer[Any]] | type[np.bool_]) -> Array:
    """A mask (a list of bools) as a writable array of ``dtype`` (``np.int8`` or
    ``np.bool_``, one byte each): ``np.array(mask, dtype)``, read as bytes."""
    return np.frombuffer(bytearray(mask), dtype=dtype)


def _clipped(array: Array, bounds: tuple[Array, Array]) -> Array:
    """``np.clip(array, low, high)`` in place (the same values, without its overhead)."""
    low, high = bounds
    np.maximum(array, low, out=array)
    np.minimum(array, high, out=array)
    return array


def observe(game: Game) -> dict[str, Array]:
    """:meth:`Observer.observe` with the default layout and the game's plugin set's
    vocabulary (the observer is kept with the plugin set)."""
    plugins = game.plugins
    observer = plugins.cache.get(("observe", "observer"))
    if not isinstance(observer, Observer):
        observer = plugins.cache[("observe", "observer")] = Observer(plugins)
    return observer.observe(game)


# ---------------------------------------------------------------------------------------
# for agents that read
# ---------------------------------------------------------------------------------------


def _draw_pile(game: Game) -> dict[str, int]:
    """The cards not seen yet (the draw pile and the face-down cards in hand), by suit
    (Spades, Hearts, Clubs, Diamonds) and rank (Ace first), then Stone cards:
    ``{"S_A": 1, ...}``."""
    counts: dict[tuple[int, int], int] = {}
    for card in unseen_cards(game):
        if card.enhancement == Enhancement.STONE:
            where = (4, 0)
        else:
            where = (int(card.suit), -card.base_rank)
        counts[where] = counts.get(where, 0) + 1
    return {
        "Stone" if s == 4 else f"{_SUIT_LETTERS[s]}_{_RANKS[-r - 2]}": n
        for (s, r), n in sorted(counts.items())
    }


def describe_state(
    game: Game, *, descriptions: bool = True, actions: bool = True
) -> dict[str, Any]:
    """What the player sees now, as a JSON-ready dict for agents that read.

    The shape is :func:`balatro_ecs.tools.trajectory.snapshot`'s (the trajectory format), with
    face-down cards and jokers hidden (``{"face_down": true}``) and these added: ``phase``,
    ``deck`` and ``stake`` names, ``draw_pile`` (the cards not seen yet, by suit and rank:
    the draw pile and the face-down cards in hand, as the deck view counts them; never
    their order), ``hand_levels`` for every poker hand (level,
    chips, mult, times played), what each joker, consumable, offer and the blind do
    (``descriptions``), and the legal actions as the terminal spells them, with their
    index in :data:`~balatro_ecs.actions.ACTION_SPACE` (``None`` outside it)
    (``actions``).
    """
    from ..game.describe import describe
    from .trajectory import snapshot

    out = snapshot(game)
    run = game.run
    out = {"phase": run.phase.value, **out}
    out["deck"] = game.deck.name
    out["stake"] = game.stake.name if game.stake is not None else None
    hand = game.area(Area.HAND)
    for i, card in enumerate(hand):
        if card.face_down:
            out["hand"][i] = {"face_down": True}
        elif descriptions:
            out["hand"][i]["text"] = describe(game, card)
    down = face_down_jokers(game)
    for i, joker in enumerate(game.jokers):
        if i in down:
            out["jokers"][i] = {"face_down": True}
        elif descriptions:
            out["jokers"][i]["name"] = joker.name
            out["jokers"][i]["text"] = describe(game, joker)
    if descriptions:
        for entry, item in zip(out["consumables"], game.consumables, strict=True):
            entry["name"] = item.name
            entry["text"] = describe(game, item)
        if "shop" in out:
            for entry, offer in zip(out["shop"]["cards"], game.shop, strict=True):
                entry["text"] = describe(game, offer)
            for entry in out["shop"]["vouchers"] + out["shop"]["packs"]:
                entry["text"] = describe(game, entry["key"])
        if "pack" in out:
            for entry, offer in zip(out["pack"]["cards"], game.pack, strict=True):
                entry["text"] = describe(game, offer)
        if game.blind is not None and "blind" in out:
            out["blind_text"] = describe(game, game.blind)
        if run.phase is Phase.BLIND_SELECT and run.boss:
            out["boss_text"] = describe(game, run.boss)
        if run.tags:
            out["tag_texts"] = [describe(game, key) for key in run.tags]
    out["draw_pile"] = _draw_pile(game)
    out["hand_levels"] = {
        HAND_NAMES[i]: {
            "level": stats.level,
            "chips": hand_values(HandType(i), stats.level)[0],
            "mult": hand_values(HandType(i), stats.level)[1],
            "played": stats.played,
        }
        for i, stats in enumerate(run.hands)
    }
    if actions:
        legal = game.legal_actions()
        out["legal_actions"] = [
            {"action": action.text(), "index": ACTION_SPACE.encode(action)} for action in legal
        ]
    return out


def describe_text(game: Game, *, actions: bool = True) -> str:
    """The terminal's screen for the game (:func:`balatro_ecs.tools.terminal.render`, without
    the seed), then the draw pile's composition and the legal actions, one per line as
    the terminal spells them (1-based positions)."""
    from .terminal import render

    screen = render(game).replace(f", seed {game.seed}]", "]")
    lines = [screen]
    pile = _draw_pile(game)
    if pile:
        by_suit: dict[str, list[str]] = {}
        for code, n in pile.items():
            suit, _, rank = code.partition("_")
            by_suit.setdefault(suit, []).append(f"{rank or suit}" + (f"x{n}" if n > 1 else ""))
        lines.append(
            f"Not seen yet ({sum(pile.values())}): "
            + "  ".join(f"{suit}: {' '.join(ranks)}" for suit, ranks in by_suit.items())
        )
    if actions:
        legal = game.legal_actions(reorders=False)
        lines.append("Legal actions: " + (", ".join(a.text() for a in legal) or "none"))
    return "\n".join(lines)

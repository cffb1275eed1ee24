"""Small integer enums for the card vocabulary, plus parsers that accept the names people type.

Hot paths compare plain ints (the enums are :class:`~enum.IntEnum`); the parsers at the
API edge accept the game's spellings (``"S"``, ``"Spades"``, ``"T"``, ``"10"``, ``"Jack"``)
and raise :class:`~balatro_ecs.kernel.errors.UnknownNameError` naming the bad value.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TypeVar

from .errors import UnknownNameError, show

__all__ = [
    "HAND_ITERATION_ORDER",
    "HAND_NAMES",
    "RANK_NAMES",
    "VANILLA_HANDS",
    "Edition",
    "Enhancement",
    "HandType",
    "Seal",
    "Suit",
    "add_kind",
    "declare_hand",
    "hand_iteration_order",
    "kind_flags",
    "parse_edition",
    "parse_enhancement",
    "parse_rank",
    "parse_seal",
    "parse_suit",
    "rank_label",
]


class Suit(IntEnum):
    """The four suits, numbered in the order the game checks them for a flush."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♣♦"[self]

    @property
    def title(self) -> str:
        return ("Spades", "Hearts", "Clubs", "Diamonds")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Enhancement(IntEnum):
    """A playing card's enhancement; ``NONE`` is a plain card."""

    NONE = 0
    BONUS = 1
    MULT = 2
    WILD = 3
    GLASS = 4
    STEEL = 5
    STONE = 6
    GOLD = 7
    LUCKY = 8

    @property
    def key(self) -> str:
        return "c_base" if self is Enhancement.NONE else f"m_{self.name.lower()}"


class Edition(IntEnum):
    """A card's or joker's edition."""

    NONE = 0
    FOIL = 1
    HOLO = 2
    POLYCHROME = 3
    NEGATIVE = 4

    @property
    def key(self) -> str:
        return "e_base" if self is Edition.NONE else f"e_{self.name.lower()}"


class Seal(IntEnum):
    """A playing card's seal."""

    NONE = 0
    GOLD = 1
    RED = 2
    BLUE = 3
    PURPLE = 4

    @property
    def key(self) -> str:
        """``"s_gold"``, ...: the content key of its plugin (the game's own keys,
        ``"Gold"``, do not fit the ``prefix_name`` shape every content key has)."""
        return "s_none" if self is Seal.NONE else f"s_{self.name.lower()}"


_E = TypeVar("_E", "Enhancement", "Edition", "Seal", "HandType")

#: Per enhancement kind (indexed by its value): the card has no rank and no suit (Stone),
#: and the card counts as every suit (Wild). Lists, so that the hot code that indexes them
#: sees kinds added later; :class:`~balatro_ecs.kernel.content.EnhancementType` sets them.
NO_RANK_KINDS: list[bool] = [kind == Enhancement.STONE for kind in Enhancement]
ANY_SUIT_KINDS: list[bool] = [kind == Enhancement.WILD for kind in Enhancement]
#: Per enhancement kind: a card of it breaks when destroyed (Glass): a joker that saw it
#: go counts it as shattered (:attr:`Card.shattered <balatro_ecs.game.cards.Card.shattered>`).
SHATTER_KINDS: list[bool] = [False for kind in Enhancement]
#: What each edition adds to a shop price (editions.toml ``extra_shop_cost``);
#: :class:`~balatro_ecs.kernel.content.EditionType` sets it for every declared edition.
EDITION_EXTRA_COST: dict[Edition, int] = {
    Edition.NONE: 0,
    Edition.FOIL: 2,
    Edition.HOLO: 3,
    Edition.POLYCHROME: 5,
    Edition.NEGATIVE: 5,
}
#: How many kinds plugins have added so far (tables built per kind compare it).
KINDS_ADDED: list[int] = [0]


def add_kind(enum: type[_E], name: str) -> _E:
    """The member ``name`` of ``enum`` (:class:`Enhancement`, :class:`Edition`,
    :class:`Seal` or :class:`HandType`), added with the next free value if a plugin
    declares a new kind.

    Kinds are numbered per process in the order plugins declare them; saves and scenarios
    store names, never these numbers. Adding a member is idempotent.

    >>> add_kind(Enhancement, "BONUS") is Enhancement.BONUS
    True
    """
    found = enum.__members__.get(name)
    if found is not None:
        return found
    if not name.isidentifier() or not name.isupper():
        raise ValueError(f"{enum.__name__} kind name {show(name)} must be an upper-case identifier")
    # An IntEnum cannot be extended through its public API: the member is made as the enum
    # machinery makes one, and entered in the same three tables.
    value = len(enum._member_names_)
    member = int.__new__(enum, value)
    member._name_ = name
    member._value_ = value
    member._sort_order_ = value  # type: ignore[attr-defined]
    member.__objclass__ = enum  # type: ignore[attr-defined]
    enum._member_names_.append(name)
    enum._member_map_[name] = member
    enum._value2member_map_[value] = member
    type.__setattr__(enum, name, member)
    KINDS_ADDED[0] += 1
    if enum is Enhancement:
        NO_RANK_KINDS.append(False)
        ANY_SUIT_KINDS.append(False)
        SHATTER_KINDS.append(False)
    elif enum is HandType:
        HAND_NAMES.append(name.replace("_", " ").title())  # until declare_hand names it
    return member


def kind_flags(kind: Enhancement, *, no_rank: bool, any_suit: bool, shatters: bool = False) -> None:
    """Record an enhancement kind's declared rank and suit behaviour, and whether its
    cards break when destroyed (what :class:`~balatro_ecs.game.cards.Card` reads)."""
    NO_RANK_KINDS[kind] = no_rank
    ANY_SUIT_KINDS[kind] = any_suit
    SHATTER_KINDS[kind] = shatters


class HandType(IntEnum):
    """The poker hands: the game's twelve, best first (the order the game checks them in),
    then those plugins add (:class:`~balatro_ecs.kernel.content.PokerHandType`), numbered as
    they are declared. Which hand beats which is the declared ``order``, not the value:
    see :func:`balatro_ecs.game.hands.detector`."""

    FLUSH_FIVE = 0
    FLUSH_HOUSE = 1
    FIVE_OF_A_KIND = 2
    STRAIGHT_FLUSH = 3
    FOUR_OF_A_KIND = 4
    FULL_HOUSE = 5
    FLUSH = 6
    STRAIGHT = 7
    THREE_OF_A_KIND = 8
    TWO_PAIR = 9
    PAIR = 10
    HIGH_CARD = 11

    @property
    def title(self) -> str:
        return HAND_NAMES[self]

    @property
    def key(self) -> str:
        """``"h_pair"``, ...: the content key of its plugin."""
        return f"h_{self.name.lower()}"

    @classmethod
    def from_name(cls, name: str) -> HandType:
        """Parse a hand name (``"Two Pair"``, ``"two_pair"``, ``"TWO PAIR"``) or key
        (``"h_two_pair"``)."""
        norm = name.strip().lower().replace("_", " ")
        for i, title in enumerate(HAND_NAMES):
            if title.lower() == norm:
                return cls(i)
        if norm.startswith("h "):
            found = cls.__members__.get(norm[2:].replace(" ", "_").upper())
            if found is not None:
                return found
        raise UnknownNameError("poker hand", name, HAND_NAMES)


#: Each hand's display name, by value (it grows when a plugin declares a hand).
HAND_NAMES: list[str] = [
    "Flush Five",
    "Flush House",
    "Five of a Kind",
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "Pair",
    "High Card",
]
#: The game's own twelve hand names, best first.
VANILLA_HANDS: tuple[str, ...] = tuple(HAND_NAMES)
#: Declared level rows ``(base chips, chips per level, base mult, mult per level)`` and
#: visible-before-played flags, by hand (:func:`declare_hand` sets them; a vanilla hand no
#: plugin declared reads the reference table).
HAND_LEVELS: dict[int, tuple[int, int, int, int]] = {}
HAND_VISIBLE: dict[int, bool] = {}


def declare_hand(
    hand: HandType, name: str, levels: tuple[int, int, int, int], visible: bool
) -> None:
    """Record a poker hand's display name, level row and visibility (what
    :class:`~balatro_ecs.kernel.content.PokerHandType` declares)."""
    HAND_NAMES[hand] = name
    HAND_LEVELS[hand] = levels
    HAND_VISIBLE[hand] = visible


def hand_iteration_order(size: int | None = None) -> tuple[HandType, ...]:
    """The hands in the order the game's table is visited (:data:`HAND_ITERATION_ORDER`),
    then the hands plugins added, as they were declared; ``size``: only hands numbered
    below it (a run's table, ``len(game.run.hands)``, holds the hands of its game)."""
    vanilla = _VANILLA_ITERATION
    end = len(HandType) if size is None else min(size, len(HandType))
    if end <= len(vanilla):
        return vanilla
    return vanilla + tuple(HandType)[len(vanilla) : end]


#: The order in which the game visits its table of poker hands with Lua's ``pairs()``.
#: Three random picks list the hands this way before choosing by index (the Orbital Tag's
#: hand, To Do List's hand) and "most played hand" ties go to the hand visited last (The
#: Ox). The order is a property of the Lua build, not of the seed: this is LuaJIT 2.0's
#: (whose string hashing is fixed), which the conformance trajectories were recorded with.
#: ``tools/lua_hand_order.py`` measures it (it needs ``pip install lupa``).
HAND_ITERATION_ORDER: tuple[str, ...] = (
    "Flush House",
    "Full House",
    "Flush",
    "Pair",
    "High Card",
    "Straight Flush",
    "Straight",
    "Two Pair",
    "Flush Five",
    "Five of a Kind",
    "Three of a Kind",
    "Four of a Kind",
)

_VANILLA_ITERATION: tuple[HandType, ...] = tuple(
    HandType(VANILLA_HANDS.index(name)) for name in HAND_ITERATION_ORDER
)

#: Rank ids as the game numbers them: 2..10, Jack 11, Queen 12, King 13, Ace 14.
RANK_NAMES: dict[int, str] = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
_RANK_WORDS = {"jack": 11, "queen": 12, "king": 13, "ace": 14, "t": 10, "ten": 10}
_SUIT_WORDS = {
    "s": Suit.SPADES,
    "spade": Suit.SPADES,
    "spades": Suit.SPADES,
    "♠": Suit.SPADES,
    "h": Suit.HEARTS,
    "heart": Suit.HEARTS,
    "hearts": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "c": Suit.CLUBS,
    "club": Suit.CLUBS,
    "clubs": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "diamond": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
}


def rank_label(rank: int) -> str:
    """``"A"`` for 14, ``"10"`` for 10."""
    return RANK_NAMES[rank]


def parse_rank(value: object) -> int:
    """Parse a rank: ``"2"``..``"10"``, ``"T"``, ``"J"``/``"Jack"``, ..., ``"A"``, or 2..14."""
    if isinstance(value, bool):
        raise UnknownNameError("rank", value, RANK_NAMES.values())
    if isinstance(value, int):
        if 2 <= value <= 14:
            return value
        raise UnknownNameError("rank", value, RANK_NAMES.values())
    if isinstance(value, str):
        text = value.strip().lower()
        for rank, label in RANK_NAMES.items():
            if text == label.lower():
                return rank
        if text in _RANK_WORDS:
            return _RANK_WORDS[text]
    raise UnknownNameError("rank", value, RANK_NAMES.values())


def parse_suit(value: object) -> Suit:
    """Parse a suit: ``"S"``/``"Spades"``/``"♠"`` and so on, or a :class:`Suit`."""
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        suit = _SUIT_WORDS.get(value.strip().lower())
        if suit is not None:
            return suit
    raise UnknownNameError(
        "suit", value, ("S", "H", "C", "D", "Spades", "Hearts", "Clubs", "Diamonds")
    )


def _parse_member(kind: str, enum: type[IntEnum], value: object, prefix: str) -> int:
    if value is None or value == "":
        return 0
    if isinstance(value, enum):
        return int(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text.startswith(prefix):
            text = text[len(prefix) :]
        aliases = {"holographic": "holo", "base": "none", "c_base": "none", "e_base": "none"}
        text = text.replace(" ", "_").replace("-", "_")
        text = aliases.get(text, text)
        for member in enum:
            if member.name.lower() == text:
                return int(member)
    names = [m.name.lower() for m in enum if m.value]
    raise UnknownNameError(kind, value, names)


def parse_enhancement(value: object) -> Enhancement:
    """Parse ``"bonus"``, ``"m_glass"``, ... (``None`` or ``""`` for none)."""
    return Enhancement(_parse_member("enhancement", Enhancement, value, "m_"))


def parse_edition(value: object) -> Edition:
    """Parse ``"foil"``, ``"holo"``/``"holographic"``, ``"e_polychrome"``, ``"negative"``."""
    return Edition(_parse_member("edition", Edition, value, "e_"))


def parse_seal(value: object) -> Seal:
    """Parse ``"gold"``, ``"red"``, ``"blue"``, ``"purple"``, ``"s_gold"`` (any case)."""
    return Seal(_parse_member("seal", Seal, value, "s_"))

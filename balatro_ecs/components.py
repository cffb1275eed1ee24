"""The components of balatro_ecs entities: small mutable records, one fact each.

A playing card entity carries :class:`Rank`, :class:`Suit`, :class:`Enhancement`,
:class:`Edition`, :class:`Seal`, :class:`PermaBonus`, :class:`Debuff`,
:class:`CardFlags`, :class:`Serial` and :class:`Zone`. A joker carries
:class:`JokerKind`, :class:`Counters`, :class:`Edition`, :class:`Debuff`,
:class:`Stickers`, :class:`Serial` and :class:`Zone`. A consumable carries
:class:`ConsumableKind`, :class:`Edition` and :class:`Zone`.

Components are never swapped for new instances while an entity lives: the engine
changes their *fields* (esper rebuilds every cached query after a structural change,
so adding and removing components on hot paths would be slow). That is also what lets
the :class:`~balatro_ecs.cards.Card` and :class:`~balatro_ecs.jokers.Joker` handles keep
direct references to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from . import enums as E

__all__ = [
    "Area",
    "BlindKind",
    "BlindState",
    "CardFlags",
    "ConsumableKind",
    "Counters",
    "Debuff",
    "DeckKind",
    "Edition",
    "Enhancement",
    "JokerKind",
    "PermaBonus",
    "Price",
    "Rank",
    "Seal",
    "Serial",
    "Stickers",
    "Suit",
    "Zone",
]


class Area(IntEnum):
    """Where an entity lives. Each area's order is kept by the game as an ordered row."""

    DECK = 0  #: the draw pile
    HAND = 1
    PLAY = 2
    DISCARD = 3
    JOKERS = 4
    CONSUMABLES = 5
    SHOP = 6
    PACK = 7
    VOUCHERS = 8


@dataclass(slots=True)
class Rank:
    """The printed rank id: 2..10, Jack 11, Queen 12, King 13, Ace 14."""

    value: int


@dataclass(slots=True)
class Suit:
    """The printed suit."""

    value: E.Suit
    #: The suit the card had before an effect first changed it (a Tarot card, Checkered
    #: Deck); ``None`` while unchanged. The game sorts otherwise equal cards by it.
    original: E.Suit | None = None


@dataclass(slots=True)
class Enhancement:
    """The card's enhancement (``NONE`` for a plain card)."""

    kind: E.Enhancement = E.Enhancement.NONE


@dataclass(slots=True)
class Edition:
    """Foil, Holographic, Polychrome or Negative (``NONE`` for none)."""

    kind: E.Edition = E.Edition.NONE


@dataclass(slots=True)
class Seal:
    """The card's seal (``NONE`` for none)."""

    kind: E.Seal = E.Seal.NONE


@dataclass(slots=True)
class PermaBonus:
    """Chips added to the card for good (Hiker)."""

    chips: int = 0


@dataclass(slots=True)
class Debuff:
    """Why an entity is debuffed: forced (scenario, challenge) or by the current blind."""

    forced: bool = False
    by_blind: bool = False

    @property
    def active(self) -> bool:
        return self.forced or self.by_blind


@dataclass(slots=True)
class CardFlags:
    """Per-card marks the rules read: played this ante (The Pillar), face down, forced."""

    played_this_ante: bool = False
    face_down: bool = False
    #: Must be part of the next play or discard (Cerulean Bell).
    forced_selection: bool = False
    #: Destroyed by a Spectral card, whose jokers are told before a Glass card breaks: it
    #: does not count as shattered (Glass Joker). Only ever set on a card being destroyed.
    shatter_unseen: bool = False
    #: A playing card on sale made free by a Coupon Tag (the game's ``couponed``).
    couponed: bool = False


@dataclass(slots=True)
class Serial:
    """Creation order, the game's tie-break between otherwise equal cards."""

    value: int


@dataclass(slots=True)
class Zone:
    """The area an entity is in and its slot there (mirrors the game's ordered rows)."""

    area: Area
    slot: int = 0


@dataclass(slots=True)
class JokerKind:
    """Which joker this is, by content key (``"j_blueprint"``)."""

    key: str


@dataclass(slots=True)
class Counters:
    """A joker's own state, named as in the game's ability table (``mult``, ``x_mult``, ...)."""

    values: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Stickers:
    """Stake stickers on a joker; ``perishable`` counts rounds left (``None``: not perishable)."""

    eternal: bool = False
    perishable: int | None = None
    rental: bool = False


@dataclass(slots=True)
class Price:
    """What the entity cost to buy (after edition surcharge and discounts).

    The sell value derives from it (``max(1, buy // 2)`` plus any extra value the entity
    gained); ``sell_override`` pins a sell value given from outside (a scenario).
    """

    buy: int
    sell_override: int | None = None
    #: Made free (Coupon Tag, Uncommon Tag, ...): costs $0 to buy, but sells for half its
    #: full price, as in the game (a free Negative Egg sells for $4).
    free: bool = False


@dataclass(slots=True)
class BlindKind:
    """Which blind this entity is (``"bl_flint"``)."""

    key: str


@dataclass(slots=True)
class BlindState:
    """The active blind's state: disabled (Chicot, Luchador), triggered (Matador reads it),
    and ``memory`` for the blind's own bookkeeping (The Eye's hands, The Mouth's hand)."""

    disabled: bool = False
    triggered: bool = False
    memory: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class DeckKind:
    """Which deck (back) the run uses (``"b_plasma"``)."""

    key: str


@dataclass(slots=True)
class ConsumableKind:
    """Which consumable this is, by content key (``"c_mercury"``)."""

    key: str

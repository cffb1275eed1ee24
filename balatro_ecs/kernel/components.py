"""The components of balatro_ecs entities: small mutable records, one fact each.

A playing card entity carries :class:`Rank`, :class:`Suit`, :class:`Enhancement`,
:class:`Edition`, :class:`Seal`, :class:`PermaBonus`, :class:`Debuff`,
:class:`CardFlags`, :class:`Serial` and :class:`Zone`. A joker carries
:class:`JokerKind`, :class:`Counters`, :class:`Edition`, :class:`Debuff`,
:class:`Stickers`, :class:`Serial` and :class:`Zone`. A consumable carries
:class:`ConsumableKind`, :class:`Edition` and :class:`Zone`.

Two kinds of components:

* **Values** (:class:`Rank`, :class:`Suit`, :class:`Enhancement`, :class:`Edition`,
  :class:`Seal`, :class:`PermaBonus`, :class:`Debuff`, :class:`CardFlags`,
  :class:`Serial` and the ``*Kind`` keys) are frozen and shared: every Ace holds the one
  ``Rank(14)``, a new game's cards share the standard deck's, and a copied game shares
  all of them with the original. Get one with :func:`rank`, :func:`suit`,
  :func:`enhancement`, :func:`edition`, :func:`seal`, :func:`perma_bonus`,
  :func:`debuff`, :func:`card_flags` and :func:`serial` (made once per value and
  process). A handle changes one by swapping in another value (:meth:`Card.set_rank
  <balatro_ecs.game.cards.Card.set_rank>`): a joker's in its own reference and in the
  entity's table (a dict); a card's in its slot, since a card is its entity's table
  (:class:`~balatro_ecs.kernel.world.RecordTable`).
* **State** (:class:`Zone`, :class:`Counters`, :class:`Stickers`, :class:`Price`,
  :class:`BlindState`) belongs to one entity and is changed field by field, never
  swapped: the :class:`~balatro_ecs.game.cards.Card` and :class:`~balatro_ecs.game.jokers.Joker`
  handles keep direct references to them.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import IntEnum
from types import MappingProxyType
from typing import Any, cast

from . import enums as E

__all__ = [
    "ETERNAL",
    "FORCED_MADE",
    "NO_STICKERS",
    "PERISHABLE",
    "RENTAL",
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
    "card_flags",
    "debuff",
    "edition",
    "enhancement",
    "perma_bonus",
    "rank",
    "seal",
    "serial",
    "serials",
    "serials_of",
    "suit",
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


@dataclass(frozen=True, slots=True)
class Rank:
    """The printed rank id: 2..10, Jack 11, Queen 12, King 13, Ace 14."""

    value: int


@dataclass(frozen=True, slots=True)
class Suit:
    """The printed suit."""

    value: E.Suit
    #: The suit the card had before an effect first changed it (a Tarot card, Checkered
    #: Deck); ``None`` while unchanged. The game sorts otherwise equal cards by it.
    original: E.Suit | None = None


@dataclass(frozen=True, slots=True)
class Enhancement:
    """The card's enhancement (``NONE`` for a plain card)."""

    kind: E.Enhancement = E.Enhancement.NONE


@dataclass(frozen=True, slots=True)
class Edition:
    """Foil, Holographic, Polychrome or Negative (``NONE`` for none)."""

    kind: E.Edition = E.Edition.NONE


@dataclass(frozen=True, slots=True)
class Seal:
    """The card's seal (``NONE`` for none)."""

    kind: E.Seal = E.Seal.NONE


@dataclass(frozen=True, slots=True, eq=False)
class PermaBonus:
    """Chips added to the card for good (Hiker)."""

    chips: int = 0

    # Equal only with the same type of number: 5 and 5.0 save differently.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PermaBonus):
            return NotImplemented
        return type(self.chips) is type(other.chips) and self.chips == other.chips

    def __hash__(self) -> int:
        return hash((type(self.chips), self.chips))


@dataclass(frozen=True, slots=True)
class Debuff:
    """Why an entity is debuffed: forced (scenario, challenge) or by the current blind."""

    forced: bool = False
    by_blind: bool = False

    @property
    def active(self) -> bool:
        return self.forced or self.by_blind


@dataclass(frozen=True, slots=True)
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

    def __post_init__(self) -> None:
        if self.forced_selection:
            FORCED_MADE[0] = True

    def __setstate__(self, state: Sequence[Any]) -> None:
        """Unpickled or copied: the fields set one by one (as the dataclass's own does),
        and a forced flag opens :data:`FORCED_MADE`."""
        for f, value in zip(fields(self), state, strict=True):
            object.__setattr__(self, f.name, value)
        if self.forced_selection:
            FORCED_MADE[0] = True


@dataclass(frozen=True, slots=True)
class Serial:
    """Creation order, the game's tie-break between otherwise equal cards."""

    value: int


@dataclass(slots=True)
class Zone:
    """The area an entity is in and its slot there (mirrors the game's ordered rows)."""

    area: Area
    slot: int = 0


@dataclass(frozen=True, slots=True)
class JokerKind:
    """Which joker this is, by content key (``"j_blueprint"``)."""

    key: str


@dataclass(slots=True)
class Counters:
    """A joker's own state, named as in the game's ability table (``mult``, ``x_mult``, ...)."""

    values: dict[str, Any] = field(default_factory=dict)


#: The keys of the game's stake stickers (:class:`~balatro_ecs.kernel.content.StickerType`
#: plugins of the vanilla pack), which :class:`Stickers` and the joker handles name for
#: convenience.
ETERNAL = "sticker_eternal"
PERISHABLE = "sticker_perishable"
RENTAL = "sticker_rental"

#: No stickers (shared: a joker's mapping is never changed in place).
NO_STICKERS: Mapping[str, Any] = MappingProxyType({})


@dataclass(slots=True)
class Stickers:
    """The stickers on a joker: sticker key -> value (``True`` for a mark, a whole number
    for a sticker that counts: Perishable's rounds left). The engine keeps them in the
    stickers' order (:mod:`balatro_ecs.game.stickers`); :meth:`set` adds a new one last.

    ``values`` is read-only and never changed in place: a change puts a new mapping in
    (:meth:`set`), so a snapshot keeps the mapping it saw without copying it.
    :attr:`eternal`, :attr:`perishable` and :attr:`rental` read and write the game's three
    stake stickers.
    """

    values: Mapping[str, Any] = field(default_factory=lambda: NO_STICKERS)

    def set(self, key: str, value: Any) -> None:
        """Put a sticker on with ``value``, or take it off (``None`` or ``False``)."""
        values = dict(self.values)
        if value is None or value is False:
            values.pop(key, None)
        else:
            values[key] = value
        self.values = MappingProxyType(values) if values else NO_STICKERS

    @property
    def eternal(self) -> bool:
        return ETERNAL in self.values

    @eternal.setter
    def eternal(self, on: bool) -> None:
        self.set(ETERNAL, True if on else None)

    @property
    def perishable(self) -> int | None:
        """Rounds left before the joker perishes; ``None``: not Perishable."""
        rounds: int | None = self.values.get(PERISHABLE)
        return rounds

    @perishable.setter
    def perishable(self, rounds: int | None) -> None:
        self.set(PERISHABLE, rounds)

    @property
    def rental(self) -> bool:
        return RENTAL in self.values

    @rental.setter
    def rental(self, on: bool) -> None:
        self.set(RENTAL, True if on else None)


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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class DeckKind:
    """Which deck (back) the run uses (``"b_plasma"``)."""

    key: str


@dataclass(frozen=True, slots=True)
class ConsumableKind:
    """Which consumable this is, by content key (``"c_mercury"``)."""

    key: str


# -- shared values -------------------------------------------------------------------------
# Each value component is made once per value and process, and shared by every entity and
# game that holds it (they are frozen). The tables of numbers are bounded: past the limit
# new values are made afresh (still frozen, just not shared).

_LIMIT = 4096
_RANKS: dict[int, Rank] = {r: Rank(r) for r in range(2, 15)}
_SUITS: dict[tuple[int, int | None], Suit] = {
    (s, o): Suit(s, o) for s in E.Suit for o in (None, *E.Suit)
}


class _Kinds(dict[int, Any]):
    """Shared kind components, made on first use for kinds a plugin added later."""

    def __init__(self, component: Any, enum: Any) -> None:
        super().__init__({k: component(k) for k in enum})
        self.component, self.enum = component, enum

    def __missing__(self, kind: int) -> Any:
        made = self[kind] = self.component(self.enum(kind))  # (an unknown kind raises)
        return made


_ENHANCEMENTS: dict[int, Enhancement] = _Kinds(Enhancement, E.Enhancement)
_EDITIONS: dict[int, Edition] = _Kinds(Edition, E.Edition)
_SEALS: dict[int, Seal] = _Kinds(Seal, E.Seal)
_PERMA: dict[tuple[type, Any], PermaBonus] = {}
_SERIALS: dict[int, Serial] = {}


def rank(value: int) -> Rank:
    """The shared ``Rank(value)``."""
    found = _RANKS.get(value)
    if found is None:
        found = Rank(value)
        if len(_RANKS) < _LIMIT:
            _RANKS[value] = found
    return found


def suit(value: int, original: int | None = None) -> Suit:
    """The shared ``Suit(value, original)`` (suits as :class:`~balatro_ecs.kernel.enums.Suit`)."""
    return _SUITS[(value, original)]


def enhancement(kind: int) -> Enhancement:
    """The shared ``Enhancement(kind)`` (the kind as
    :class:`~balatro_ecs.kernel.enums.Enhancement`)."""
    return _ENHANCEMENTS[kind]


def edition(kind: int) -> Edition:
    """The shared ``Edition(kind)`` (the kind as :class:`~balatro_ecs.kernel.enums.Edition`)."""
    return _EDITIONS[kind]


def seal(kind: int) -> Seal:
    """The shared ``Seal(kind)`` (the kind as :class:`~balatro_ecs.kernel.enums.Seal`)."""
    return _SEALS[kind]


def perma_bonus(chips: Any) -> PermaBonus:
    """The shared ``PermaBonus(chips)`` (``5`` and ``5.0`` stay apart: saves differ)."""
    key = (type(chips), chips)
    found = _PERMA.get(key)
    if found is None:
        found = PermaBonus(chips)
        if len(_PERMA) < _LIMIT:
            _PERMA[key] = found
    return found


def serial(value: int) -> Serial:
    """The shared ``Serial(value)``."""
    found = _SERIALS.get(value)
    if found is None:
        found = Serial(value)
        if len(_SERIALS) < _LIMIT:
            _SERIALS[value] = found
    return found


def serials(first: int, count: int) -> list[Serial]:
    """The shared serials ``first`` to ``first + count - 1`` in one call (a row of new
    cards): looked up in C when all are made already, the usual case."""
    return serials_of(range(first, first + count))


def serials_of(values: Sequence[int]) -> list[Serial]:
    """The shared serials of these values, in one call (looked up in C when all are made
    already, the usual case)."""
    found = list(map(_SERIALS.get, values))
    if all(found):
        return cast("list[Serial]", found)
    return [serial(v) for v in values]


_DEBUFFS: dict[tuple[bool, bool], Debuff] = {
    (f, b): Debuff(f, b) for f in (False, True) for b in (False, True)
}
#: ``FORCED_MADE[0]``: whether a :class:`CardFlags` marking a card forced (Cerulean Bell's
#: pick) has been asked of :func:`card_flags`, made, unpickled or copied in this process
#: since the shared ones were made at import. Until then no card can be forced, and a
#: play or a discard does not look at every card for one (about 3 µs a play). A gate
#: only: once open it stays open, and the game does the same either way.
FORCED_MADE = [False]
_FLAGS: dict[tuple[bool, ...], CardFlags] = {
    bits: CardFlags(*bits)
    for bits in itertools.product((False, True), repeat=len(fields(CardFlags)))
}
FORCED_MADE[0] = False  # (the shared ones force no card yet)


def debuff(forced: bool = False, by_blind: bool = False) -> Debuff:
    """The shared ``Debuff(forced, by_blind)`` (any truthy value is ``True``)."""
    found = _DEBUFFS.get((forced, by_blind))
    return found if found is not None else _DEBUFFS[(bool(forced), bool(by_blind))]


def card_flags(
    played_this_ante: bool = False,
    face_down: bool = False,
    forced_selection: bool = False,
    shatter_unseen: bool = False,
    couponed: bool = False,
) -> CardFlags:
    """The shared ``CardFlags`` with these marks (any truthy value is ``True``)."""
    marks = (played_this_ante, face_down, forced_selection, shatter_unseen, couponed)
    if forced_selection:
        FORCED_MADE[0] = True
    found = _FLAGS.get(marks)
    return found if found is not None else _FLAGS[tuple(map(bool, marks))]

"""Content declarations: what a plugin says it adds (a joker, a blind, a deck, a consumable).

A content plugin returns one of these from its ``balatro_content`` hook. The engine keys
every other hook implementation of that plugin by the declared ``key``, so the plugin's
``joker_main`` is called for instances of *that* joker only.

Keys carry their family's prefix (``j_`` jokers, ``bl_`` blinds, ``b_`` decks, ``c_``
consumables, ``v_`` vouchers, ``m_`` enhancements, ``e_`` editions, ``s_`` seals, ``h_``
poker hands, ``p_`` booster packs, ``set_`` consumable sets, ``sticker_`` stickers);
third-party packs add a namespace (``j_mypack_lucky7``) so that two packs cannot collide.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from .enums import (
    EDITION_EXTRA_COST,
    Edition,
    Enhancement,
    HandType,
    Seal,
    add_kind,
    declare_hand,
    kind_flags,
)
from .errors import ContentError, show

__all__ = [
    "BLIND_MEMORY_KINDS",
    "BlindType",
    "BoosterType",
    "ConsumableSetType",
    "ConsumableType",
    "ContentType",
    "DeckType",
    "EditionType",
    "EnhancementType",
    "JokerType",
    "PokerHandType",
    "RarityType",
    "SealType",
    "StakeType",
    "StickerType",
    "TagType",
    "VoucherType",
    "fold_name",
]

_KEY_RE = re.compile(r"^[a-z]+_[a-z0-9_]+$")
_EMPTY: Mapping[str, Any] = MappingProxyType({})


def fold_name(name: str) -> str:
    """Normalise a name for lookups: case, accents, spaces and punctuation folded.

    >>> fold_name("Séance") == fold_name("seance") == fold_name("SEANCE")
    True
    >>> fold_name("Riff-Raff") == fold_name("riff raff")
    True
    """
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """A declared (frozen) value as plain data, a fresh copy: mappings as dicts, tuples as
    lists (what a joker's counters and a run's memory hold)."""
    return _thaw(value)


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return copy.copy(value)


@dataclass(frozen=True)
class ContentType:
    """Fields every piece of content has. Subclasses set :attr:`prefix` and :attr:`family`."""

    prefix: ClassVar[str] = ""
    family: ClassVar[str] = "content"

    key: str
    name: str
    effect: str = ""
    aliases: tuple[str, ...] = ()
    #: A short sentence for players; ``{path}`` placeholders are filled from the config
    #: and live counters (see :mod:`balatro_ecs.game.describe`). Empty: ``effect`` is shown.
    description: str = ""
    #: Run-state slots this content owns: slot name -> starting value (plain data: numbers,
    #: strings, lists, objects). A run keeps them in ``RunState.memory``, starts a new run
    #: with these values, saves, copies and restores them with the run; the content's
    #: hooks read and change ``game.run.memory[name]`` (The Idol's card of the round,
    #: Ectoplasm's next hand-size cost). Two content items may not declare the same slot.
    run_state: Mapping[str, Any] = field(default_factory=lambda: _EMPTY, kw_only=True)

    def __post_init__(self) -> None:
        if self.run_state:
            object.__setattr__(self, "run_state", _freeze(dict(self.run_state)))
        if not isinstance(self.key, str) or not _KEY_RE.match(self.key):
            raise ContentError(
                f"{self.family} key {self.key!r} must be lower-case letters, digits and "
                f"underscores, like '{self.prefix}mypack_name'"
            )
        if not self.key.startswith(self.prefix):
            raise ContentError(
                f"{self.family} key {show(self.key)} must start with {show(self.prefix)}"
            )
        if not self.name:
            raise ContentError(f"{self.family} {show(self.key)} needs a display name")

    def names(self) -> tuple[str, ...]:
        """Every name this content answers to: key, display name, aliases."""
        return (self.key, self.name, *self.aliases)


#: The game's rarity numbers by key (a joker's ``rarity`` given as one of these keys is
#: kept as its number).
_NUMBERED_RARITIES: Mapping[str, int] = MappingProxyType(
    {"rarity_common": 1, "rarity_uncommon": 2, "rarity_rare": 3, "rarity_legendary": 4}
)


@dataclass(frozen=True)
class JokerType(ContentType):
    """A joker: its price, rarity, copy rules and starting state.

    ``config`` is the joker's starting state in the game's vocabulary (``mult``,
    ``Xmult``, ``extra``, ``t_mult``, ``type``, ...); :meth:`initial_state` turns it into
    the per-instance counters. ``contexts`` lists the game contexts it acts in.
    """

    prefix: ClassVar[str] = "j_"
    family: ClassVar[str] = "joker"

    #: Its rarity: the game's 1 Common, 2 Uncommon, 3 Rare, 4 Legendary, or the key of
    #: any :class:`RarityType` (``"rarity_mypack_mythic"``; the game's keys are kept as
    #: their numbers: ``"rarity_rare"`` is 3).
    rarity: int | str = 1
    cost: int = 4
    blueprint_compat: bool = True
    eternal_compat: bool = True
    perishable_compat: bool = True
    unlocked: bool = True
    order: int = 0
    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    contexts: tuple[str, ...] = ()
    #: Pool gates: the deck must hold this enhancement key (``"m_steel"``) for the joker to appear.
    requires_enhancement: str | None = None
    requires_flag: str | None = None
    blocked_by_flag: str | None = None
    #: A joker that copies another (``joker_copy_target``) also runs its own hooks: each
    #: of its own implementations is called in its slot just before the copied one
    #: (Cryptid's Old Blueprint copies the joker to its right and may break at the end of
    #: the round). Off: a copier's own hooks other than ``joker_copy_target`` are never
    #: called (Blueprint, Brainstorm).
    copies_and_acts: bool = False
    #: Counters the joker sets while it plays that its ``config`` does not start with
    #: (name -> a value of their kind: Canio's ``{"caino_xmult": 1}``). Saves and scenarios
    #: may hold them (checked against these kinds); a new joker does not.
    runtime_state: Mapping[str, Any] = field(default_factory=lambda: _EMPTY, kw_only=True)

    RARITY_NAMES: ClassVar[Mapping[int, str]] = MappingProxyType(
        {1: "Common", 2: "Uncommon", 3: "Rare", 4: "Legendary"}
    )
    #: The keys of the game's rarities (``balatro_ecs_vanilla.rarities``), by the numbers
    #: a joker may give as its ``rarity`` instead.
    RARITY_KEYS: ClassVar[Mapping[int, str]] = MappingProxyType(
        {number: key for key, number in _NUMBERED_RARITIES.items()}
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        rarity = self.rarity
        if isinstance(rarity, str) and rarity in _NUMBERED_RARITIES:  # the game's, by key
            rarity = _NUMBERED_RARITIES[rarity]
            object.__setattr__(self, "rarity", rarity)
        if isinstance(rarity, str):
            if not _KEY_RE.match(rarity) or not rarity.startswith(RarityType.prefix):
                raise ContentError(
                    f"joker {self.key!r}: rarity {rarity!r} is not a rarity key (like "
                    f"'{RarityType.prefix}mypack_mythic')"
                )
        elif isinstance(rarity, bool) or rarity not in self.RARITY_NAMES:
            raise ContentError(
                f"joker {self.key!r}: rarity must be 1..4 or a rarity key, got {rarity!r}"
            )
        if not isinstance(self.cost, int) or self.cost < 0:
            raise ContentError(f"joker {show(self.key)}: cost must be a non-negative int")
        object.__setattr__(self, "config", _freeze(dict(self.config)))
        object.__setattr__(self, "runtime_state", _freeze(dict(self.runtime_state)))

    @property
    def rarity_key(self) -> str:
        """The key of its rarity (``"rarity_common"`` for 1, ...)."""
        rarity = self.rarity
        return rarity if isinstance(rarity, str) else self.RARITY_KEYS[rarity]

    @property
    def rarity_name(self) -> str:
        """Its rarity's display name (the key, for a rarity never declared)."""
        rarity = self.rarity
        if not isinstance(rarity, str):
            return self.RARITY_NAMES[rarity]
        declared = _RARITIES.get(rarity)
        return declared.name if declared is not None else rarity

    @property
    def rarity_rank(self) -> float:
        """Where its rarity ranks: the game's 1 Common to 4 Legendary, a pack's rarity its
        declared ``order`` (0 for a rarity never declared)."""
        rarity = self.rarity
        if not isinstance(rarity, str):
            return rarity
        declared = _RARITIES.get(rarity)
        return declared.order if declared is not None else 0

    def initial_state(self) -> dict[str, Any]:
        """Fresh counters for a new instance, built as the game builds a joker's ability."""
        cfg = self.config
        state: dict[str, Any] = {
            "mult": cfg.get("mult", 0),
            "x_mult": cfg.get("Xmult", 1),
            "t_mult": cfg.get("t_mult", 0),
            "t_chips": cfg.get("t_chips", 0),
            "type": cfg.get("type", ""),
            "h_size": cfg.get("h_size", 0),
            "d_size": cfg.get("d_size", 0),
            "extra_value": 0,
        }
        if "extra" in cfg:
            state["extra"] = _thaw(cfg["extra"])
        for name, value in cfg.items():
            if name not in state and name != "Xmult":
                state[name] = _thaw(value)
        return state


@dataclass(frozen=True)
class BlindType(ContentType):
    """A blind: its size multiplier, reward, and where it may appear."""

    prefix: ClassVar[str] = "bl_"
    family: ClassVar[str] = "blind"

    kind: str = "boss"  # "small" | "big" | "boss" | "showdown"
    mult: float = 2
    dollars: int = 5
    min_ante: int = 1
    max_ante: int = 10
    order: int = 0
    debuff: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    #: What the blind keeps in its memory (``Blind.memory``), by key: the kind of each
    #: value, which saves check (one of :data:`BLIND_MEMORY_KINDS`: The Eye's
    #: ``{"hands_used": "hands"}``). Keys not declared may hold any plain data.
    memory_kinds: Mapping[str, str] = field(default_factory=lambda: _EMPTY, kw_only=True)

    def __post_init__(self) -> None:
        super().__post_init__()
        for key, kind in self.memory_kinds.items():
            if kind not in BLIND_MEMORY_KINDS:
                raise ContentError(
                    f"blind {self.key!r}: memory {key!r} is of kind {kind!r}; kinds are "
                    f"{', '.join(BLIND_MEMORY_KINDS)}"
                )
        object.__setattr__(self, "memory_kinds", MappingProxyType(dict(self.memory_kinds)))

    @property
    def is_boss(self) -> bool:
        return self.kind in ("boss", "showdown")


#: The kinds of value a blind's memory may declare (:attr:`BlindType.memory_kinds`): a
#: poker hand's name, a list of them, card serials, true or false, a whole number.
BLIND_MEMORY_KINDS = ("hand", "hands", "serials", "flag", "count")


@dataclass(frozen=True)
class DeckType(ContentType):
    """A deck (the game's "back")."""

    prefix: ClassVar[str] = "b_"
    family: ClassVar[str] = "deck"

    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    selectable: bool = True
    order: int = 0


@dataclass(frozen=True)
class ConsumableType(ContentType):
    """A consumable card: a Tarot, Planet or Spectral card, or a card of a pack's set."""

    prefix: ClassVar[str] = "c_"
    family: ClassVar[str] = "consumable"

    #: The name of its set (the game's "Tarot", "Planet", "Spectral"; a pack declares
    #: its own with a :class:`ConsumableSetType`).
    set: str = "Tarot"
    cost: int = 3
    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    order: int = 0
    #: For Planets: the poker hand it levels.
    hand: str | None = None
    #: Planets that join pools only once their poker hand has been played.
    secret: bool = False
    #: Never drawn from a pool (The Soul, Black Hole: they replace pool draws by chance).
    hidden: bool = False

    #: How many selected hand cards it is used on, ``(least, most)``, when its config
    #: does not say (``max_highlighted``); ``None``: from the config.
    selects: tuple[int, int] | None = None

    @property
    def targets(self) -> tuple[int, int]:
        """How many selected hand cards it is used on: :attr:`selects`, or ``config``
        ``min_highlighted`` (default 1) to ``max_highlighted``; ``(0, 0)`` for none."""
        if self.selects is not None:
            return self.selects
        most = self.config.get("max_highlighted")
        if not most:
            return (0, 0)
        return (int(self.config.get("min_highlighted", 1)), int(most))


@dataclass(frozen=True)
class VoucherType(ContentType):
    """A voucher."""

    prefix: ClassVar[str] = "v_"
    family: ClassVar[str] = "voucher"

    cost: int = 10
    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    requires: tuple[str, ...] = ()
    order: int = 0


@dataclass(frozen=True)
class StakeType(ContentType):
    """A stake: a difficulty level. A run at stake N also applies every lower stake."""

    prefix: ClassVar[str] = "stake_"
    family: ClassVar[str] = "stake"

    level: int = 1
    modifiers: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True)
class TagType(ContentType):
    """A skip tag: what skipping a Small or Big Blind gives."""

    prefix: ClassVar[str] = "tag_"
    family: ClassVar[str] = "tag"

    min_ante: int = 1
    trigger: str = ""
    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    order: int = 0
    #: Content that must be discovered in the profile for the tag to be offered
    #: (``j_blueprint`` for the Rare Tag); only the ``"shipped"`` profile checks it.
    requires_discovered: str = ""
    #: The tag acts on a poker hand chosen when it is gained (the Orbital Tag): its
    #: ``"immediate"`` trigger's subject is the hand given to
    #: :meth:`Game.gain_tag <balatro_ecs.game.Game.gain_tag>` (``None``: the hand the game
    #: drew for the blind on deck).
    hand: bool = False


@dataclass(frozen=True)
class BoosterType(ContentType):
    """A booster pack sold in the shop: how many cards it shows and how many may be taken.

    What its cards are comes from its plugin's ``booster_card`` hook, called once per card
    when the pack is opened (the game's five kinds are the vanilla modules
    ``balatro_ecs_vanilla.boosters.*``); opening, picking and skipping are the engine's.
    """

    prefix: ClassVar[str] = "p_"
    family: ClassVar[str] = "booster"

    #: What the pack is, shared by its sizes (the game's: Arcana, Celestial, Spectral,
    #: Standard, Buffoon); rules name packs by it (Astronomer: Celestial packs are free).
    #: Empty: the pack's name.
    kind: str = ""
    size: str = "normal"  # "normal" | "jumbo" | "mega"
    #: Cards shown when it is opened.
    cards: int = 3
    #: Cards that may be taken from it.
    choose: int = 1
    cost: int = 4
    #: Its share of the shop's pack draws (the game's 32 packs weigh 22.42 in all).
    weight: float = 1.0
    order: int = 0
    #: Opening it first deals a full hand from the deck, so that its cards have targets
    #: (Arcana and Spectral packs); the hand goes back to the deck when the pack closes.
    deals_hand: bool = False
    #: The first shop of a run offers it as its first pack (the game's normal Buffoon
    #: Packs); when several packs say so, the first in order.
    first_shop: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.kind, str):
            raise ContentError(
                f"booster {show(self.key)}: kind must be a string, got {show(self.kind)}"
            )
        if not self.kind:
            object.__setattr__(self, "kind", self.name)
        for name, least in (("cards", 1), ("choose", 1), ("cost", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ContentError(
                    f"booster {self.key!r}: {name} must be an int >= {least}, got {value!r}"
                )
        _check_weight(self)


@dataclass(frozen=True)
class ConsumableSetType(ContentType):
    """A set of consumable cards (the game's Tarot, Planet and Spectral cards).

    Its cards are the :class:`ConsumableType` whose ``set`` is its ``name``; in their
    order they are its pool, which the shop, packs, tags and cards draw from
    (``game.create_consumable_from_pool("Tarot")``). Its plugin's ``consumable_set_used``
    hook counts its cards' uses (the run's ``tarots_used``, ...).
    """

    prefix: ClassVar[str] = "set_"
    family: ClassVar[str] = "consumable set"

    #: Its weight in the shop's card-type roll when a run starts (the game's: jokers 20,
    #: Tarot 4, Planet 4, playing cards 0, Spectral 0).
    shop_rate: float = 0.0
    #: The run field holding its rate, when the run has one (the game's ``tarot_rate``,
    #: ``planet_rate``, ``spectral_rate``, which vouchers and decks change); empty: the
    #: run keeps it in ``run.shop_rates`` by key. Either way ``game.set_shop_rate(set, rate)``
    #: changes it and ``game.shop_rate(set)`` reads it.
    shop_rate_field: str = ""
    #: Where its rate comes in the shop's card-type roll: jokers first, then the sets and
    #: the playing cards (at 4) by order (the game's: Tarot 2, Planet 3, Spectral 5);
    #: 0, as for a pack's set: after all of the game's kinds.
    order: int = 0
    #: The key of the card an empty pool yields (the game's: Strength, Pluto,
    #: Incantation); empty: the set's first card.
    fallback: str = ""
    #: Hidden cards that may replace a card drawn for a pack, each by a roll above 0.997
    #: tested in this order (the game's: The Soul for Tarot, Black Hole for Planet, both
    #: for Spectral).
    souls: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        rate = self.shop_rate
        if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not rate >= 0:
            raise ContentError(f"consumable set {show(self.key)}: shop_rate must be a number >= 0")
        for name in ("shop_rate_field", "fallback"):
            if not isinstance(getattr(self, name), str):
                raise ContentError(f"consumable set {show(self.key)}: {name} must be a string")
        object.__setattr__(self, "souls", tuple(self.souls))
        if not all(isinstance(key, str) and key for key in self.souls):
            raise ContentError(f"consumable set {show(self.key)}: souls must be consumable keys")


def _check_weight(content: Any) -> None:
    """A modifier's ``weight`` (its share of random draws) is a number, 0 or more."""
    weight = content.weight
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight >= 0:
        raise ContentError(f"{content.family} {show(content.key)}: weight must be a number >= 0")


def _kind_name(content: ContentType) -> str:
    """The enum member name of a card modifier: its key without the prefix, upper case."""
    return content.key[len(content.prefix) :].upper()


@dataclass(frozen=True)
class EnhancementType(ContentType):
    """A playing card's enhancement (Bonus, Glass, Stone, ...).

    Declaring one adds its member to :class:`~balatro_ecs.kernel.enums.Enhancement` (the key
    without ``m_``, upper case: ``m_mypack_silver`` is ``Enhancement.MYPACK_SILVER``,
    spelt ``"mypack_silver"`` in scenarios and saves). What it does when scored, held, at
    the end of the round or after scoring comes from its ``enhancement_*`` hooks; what
    needs no code is declared here.
    """

    prefix: ClassVar[str] = "m_"
    family: ClassVar[str] = "enhancement"

    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    order: int = 0
    #: Chips the card adds when scored, on top of its rank's (Bonus: 30; Stone: 50).
    chips: int = 0
    #: No rank and no suit: it scores its ``chips`` instead of its rank's, never pairs,
    #: counts as no suit, and scores wherever it is in the played hand (Stone).
    no_rank: bool = False
    #: Counts as every suit while not debuffed (Wild).
    any_suit: bool = False
    #: Its cards break when destroyed (Glass): a joker told of the loss after it broke
    #: counts it as shattered (Glass Joker), not one told before (a Spectral card's).
    shatters: bool = False
    #: Its share of random enhancement draws (Standard packs, Magic Trick, Familiar), next
    #: to each vanilla enhancement's 1 (the game draws them evenly); 0: never drawn.
    weight: float = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_weight(self)
        object.__setattr__(self, "config", _freeze(dict(self.config)))
        if self.no_rank and self.any_suit:
            raise ContentError(
                f"enhancement {show(self.key)}: no_rank and any_suit exclude each other"
            )
        kind_flags(self.kind, no_rank=self.no_rank, any_suit=self.any_suit, shatters=self.shatters)

    @property
    def kind(self) -> Enhancement:
        """Its member of :class:`~balatro_ecs.kernel.enums.Enhancement` (added on declaration)."""
        return add_kind(Enhancement, _kind_name(self))


@dataclass(frozen=True)
class EditionType(ContentType):
    """A card's or joker's edition (Foil, Holographic, Polychrome, Negative).

    Declaring one adds its member to :class:`~balatro_ecs.kernel.enums.Edition` (``e_mypack_x``
    is ``Edition.MYPACK_X``). Its effect comes from ``edition_scored``: on a playing card
    all of it applies when the card scores; on a joker its chips and mult apply before the
    joker's own effect and its ×mult after, as the game applies an edition.
    """

    prefix: ClassVar[str] = "e_"
    family: ClassVar[str] = "edition"

    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    order: int = 0
    #: What it adds to the price of a joker or card for sale.
    extra_cost: int = 0
    #: Its chance in a random edition roll at the base edition rate, as the game's Foil
    #: 0.02, Holographic 0.014, Polychrome 0.003, Negative 0.003 (Hone and Glow Up scale
    #: it); 0: never rolled.
    weight: float = 0.003

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_weight(self)
        object.__setattr__(self, "config", _freeze(dict(self.config)))
        if isinstance(self.extra_cost, bool) or not isinstance(self.extra_cost, int):
            raise ContentError(
                f"edition {self.key!r}: extra_cost must be an int, got {self.extra_cost!r}"
            )
        EDITION_EXTRA_COST[self.kind] = self.extra_cost

    @property
    def kind(self) -> Edition:
        """Its member of :class:`~balatro_ecs.kernel.enums.Edition` (added on declaration)."""
        return add_kind(Edition, _kind_name(self))


@dataclass(frozen=True)
class SealType(ContentType):
    """A playing card's seal (Gold, Red, Blue, Purple).

    Keys are ``s_<name>`` (the game's own, ``"Gold"``, lack a prefix); declaring one adds
    its member to :class:`~balatro_ecs.kernel.enums.Seal` (``s_mypack_x`` is ``Seal.MYPACK_X``).
    """

    prefix: ClassVar[str] = "s_"
    family: ClassVar[str] = "seal"

    config: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    order: int = 0
    #: Extra times the card is evaluated when it scores, when its held-in-hand effect acts
    #: and when its end-of-round effect acts (Red Seal: 1).
    retriggers: int = 0
    #: Its share of random seal draws (Standard packs, Certificate), next to each vanilla
    #: seal's 1 (the game draws them evenly); 0: never drawn.
    weight: float = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_weight(self)
        object.__setattr__(self, "config", _freeze(dict(self.config)))
        if isinstance(self.retriggers, bool) or not isinstance(self.retriggers, int):
            raise ContentError(
                f"seal {self.key!r}: retriggers must be an int, got {self.retriggers!r}"
            )
        if not 0 <= self.retriggers <= 100:
            raise ContentError(
                f"seal {self.key!r}: retriggers must be 0..100, got {self.retriggers}"
            )
        _ = self.kind

    @property
    def kind(self) -> Seal:
        """Its member of :class:`~balatro_ecs.kernel.enums.Seal` (added on declaration)."""
        return add_kind(Seal, _kind_name(self))


@dataclass(frozen=True)
class PokerHandType(ContentType):
    """A poker hand (Pair, Flush, ...): its numbers, and where it ranks among the others.

    Declaring one adds its member to :class:`~balatro_ecs.kernel.enums.HandType` (the key without
    ``h_``, upper case: ``h_mypack_lucky_seven`` is ``HandType.MYPACK_LUCKY_SEVEN``);
    scenarios, saves and Planets spell it by its display ``name``. Whether the played
    cards make (or contain) it is the plugin's ``poker_hand_detect`` hook; the played hand
    is the best-ranked hand whose hook finds it.
    """

    prefix: ClassVar[str] = "h_"
    family: ClassVar[str] = "poker hand"

    #: Chips and mult at level 1, and what each level adds (``max(chips, 0)``,
    #: ``max(mult, 1)`` at any level, as the game computes them).
    chips: int = 0
    mult: int = 1
    level_chips: int = 0
    level_mult: int = 0
    #: Where it ranks: the lowest order that the played cards make is the played hand
    #: (the game's: Flush Five 1, ..., High Card 12; a mod hand between Straight and Three
    #: of a Kind takes 8.5). No two hands of a plugin set may share one.
    order: float = 0
    #: Listed, and offered by random picks (To Do List, the Orbital Tag), before it has
    #: been played; the game keeps Five of a Kind, Flush House and Flush Five secret.
    visible: bool = True
    #: Its ``poker_hand_detect`` reads nothing but the cards' shape: which share a rank,
    #: the straight, which make the flush and which is highest (``HandParts``' groups,
    #: ``straight``, ``flush`` and ``highest``). When every hand of a set says so, a
    #: detection holds for any cards of the same shape: a policy that scores every choice
    #: of cards reuses it (``balatro_ecs.tools.policies``).
    by_shape: bool = field(default=False, kw_only=True)

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("chips", "mult", "level_chips", "level_mult"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ContentError(
                    f"poker hand {show(self.key)}: {name} must be an int, got {show(value)}"
                )
        if isinstance(self.order, bool) or not isinstance(self.order, (int, float)):
            raise ContentError(f"poker hand {show(self.key)}: order must be a number")
        if not self.order > 0:
            raise ContentError(
                f"poker hand {show(self.key)}: order must be above 0 (1 is the best)"
            )
        member = _kind_name(self)
        for other in HandType:
            if other.name != member and fold_name(other.title) == fold_name(self.name):
                raise ContentError(
                    f"poker hand {self.key!r}: the name {self.name!r} is taken by {other.key!r}"
                )
        kind = self.kind
        levels = (self.chips, self.level_chips, self.mult, self.level_mult)
        declare_hand(kind, self.name, levels, self.visible)

    @property
    def kind(self) -> HandType:
        """Its member of :class:`~balatro_ecs.kernel.enums.HandType` (added on declaration)."""
        return add_kind(HandType, _kind_name(self))


#: Every rarity declared in the process, by key (for a joker's :attr:`JokerType.rarity_name`
#: and :attr:`JokerType.rarity_rank`; the last declaration of a key wins).
_RARITIES: dict[str, RarityType] = {}


@dataclass(frozen=True)
class RarityType(ContentType):
    """A joker rarity (the game's Common, Uncommon, Rare and Legendary).

    Jokers name it by key (``JokerType(rarity="rarity_mypack_mythic")``; the game's four
    also by their numbers, 1 to 4). A random joker's rarity is rolled on the stream
    ``rarity<ante><append>`` among the rarities with a ``weight`` above 0: the game's on
    its own scale (above 0.95 Rare, above 0.7 Uncommon, else Common), then the packs'
    above them, the roll stretched over all the weights -- with only the game's rarities
    it is the game's roll to the bit, and a roll an effect forces (0 Common, 0.9 Uncommon,
    1 Rare) gives the game's rarity whatever the packs add. The joker is then drawn from
    the rarity's pool (its jokers in order) on its ``pool_stream``. A rarity of weight 0 is
    never rolled: its jokers come only from effects that name it (The Soul: Legendary).
    """

    prefix: ClassVar[str] = "rarity_"
    family: ClassVar[str] = "rarity"

    #: Where it ranks among rarities (the game's Common 1, Uncommon 2, Rare 3, Legendary
    #: 4; a pack's rarity between Rare and Legendary takes 3.5): lists sort by it and
    #: observations show it. Above 0.
    order: float = 0
    #: Its share of the rarity roll (the game's Common 0.7, Uncommon 0.25, Rare 0.05,
    #: Legendary 0); 0: never rolled.
    weight: float = 0.05
    #: The stream its pool is drawn on, before the key append and the ante (the game's
    #: ``Joker1`` ... ``Joker4``); empty: ``"Joker"`` and the key.
    pool_stream: str = ""
    #: The pool is drawn on :attr:`pool_stream` alone, whatever the key append and the
    #: ante (the game's Legendary: ``Joker4``, one stream for the whole run).
    shared_stream: bool = False
    #: Its jokers join its pool even while locked (the game's Legendary jokers).
    ignores_unlocks: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        order = self.order
        if isinstance(order, bool) or not isinstance(order, (int, float)) or not order > 0:
            raise ContentError(
                f"rarity {self.key!r}: order must be a number above 0 (the game's Common 1 "
                f"... Legendary 4), got {order!r}"
            )
        _check_weight(self)
        if not isinstance(self.pool_stream, str):
            raise ContentError(f"rarity {show(self.key)}: pool_stream must be a string")
        for name in ("shared_stream", "ignores_unlocks"):
            if not isinstance(getattr(self, name), bool):
                raise ContentError(f"rarity {show(self.key)}: {name} must be True or False")
        if not self.pool_stream:
            object.__setattr__(self, "pool_stream", f"Joker{self.key}")
        _RARITIES[self.key] = self


@dataclass(frozen=True)
class StickerType(ContentType):
    """A sticker a joker can carry (the game's stake stickers: Eternal, Perishable, Rental).

    A joker holds its stickers by key, each with a value: ``True`` for a plain mark, a
    whole number for a sticker that counts something (Perishable: the rounds left; 0 once
    spent). What a sticker does comes from its plugin's ``sticker_*`` hooks: whether a new
    joker offered in the shop or a pack gets it (``sticker_roll``), the value it takes on a
    joker and which jokers may carry it (``sticker_apply``), what it does at the end of
    each round (``sticker_end_of_round``), whether it stops the joker being sold or
    destroyed (``sticker_blocks``) and what the joker costs with it (``sticker_price``).

    Saves, trajectories and seed reports spell a sticker by its :attr:`field`, the key
    without ``sticker_`` (``"eternal"``, ``"mypack_glued"``).
    """

    prefix: ClassVar[str] = "sticker_"
    family: ClassVar[str] = "sticker"

    #: Where it comes among the stickers: they are rolled onto a new joker, act at the
    #: end of the round and are listed in this order (the game's: Eternal 1, Rental 2,
    #: Perishable 3, so rent is charged before a Perishable joker counts down); 0: after
    #: every sticker with an order, by key.
    order: int = 0

    #: Names a joker's record already uses in trajectories and seed reports, which a
    #: sticker's :attr:`field` may not take.
    RESERVED: ClassVar[frozenset[str]] = frozenset(
        {"key", "name", "set", "edition", "cost", "sell", "debuffed", "counters", "card",
         "seal", "enhancement", "kind", "state"}
    )  # fmt: skip

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.order, bool) or not isinstance(self.order, int) or self.order < 0:
            raise ContentError(f"sticker {show(self.key)}: order must be an int >= 0")
        if self.field in self.RESERVED:
            raise ContentError(
                f"sticker {self.key!r}: {self.field!r} names a field of a joker's record; "
                f"pick another key (like 'sticker_mypack_{self.field}')"
            )

    @property
    def field(self) -> str:
        """Its name in saves, trajectories and seed reports: the key without ``sticker_``."""
        return self.key[len(self.prefix) :]

"""Content declarations: what a plugin says it adds (a joker, a blind, a deck, a consumable).

A content plugin returns one of these from its ``balatro_content`` hook. The engine keys
every other hook implementation of that plugin by the declared ``key``, so the plugin's
``joker_main`` is called for instances of *that* joker only.

Keys carry their family's prefix (``j_`` jokers, ``bl_`` blinds, ``b_`` decks, ``c_``
consumables, ``v_`` vouchers, ``m_`` enhancements, ``e_`` editions, ``s_`` seals, ``h_``
poker hands); third-party packs add a namespace (``j_mypack_lucky7``) so that two packs
cannot collide.
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
from .errors import ContentError

__all__ = [
    "BlindType",
    "BoosterType",
    "ConsumableType",
    "ContentType",
    "DeckType",
    "EditionType",
    "EnhancementType",
    "JokerType",
    "PokerHandType",
    "SealType",
    "StakeType",
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
    #: and live counters (see :mod:`balatro_ecs.describe`). Empty: ``effect`` is shown.
    description: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.key, str) or not _KEY_RE.match(self.key):
            raise ContentError(
                f"{self.family} key {self.key!r} must be lower-case letters, digits and "
                f"underscores, like '{self.prefix}mypack_name'"
            )
        if not self.key.startswith(self.prefix):
            raise ContentError(f"{self.family} key {self.key!r} must start with {self.prefix!r}")
        if not self.name:
            raise ContentError(f"{self.family} {self.key!r} needs a display name")

    def names(self) -> tuple[str, ...]:
        """Every name this content answers to: key, display name, aliases."""
        return (self.key, self.name, *self.aliases)


@dataclass(frozen=True)
class JokerType(ContentType):
    """A joker: its price, rarity, copy rules and starting state.

    ``config`` is the joker's starting state in the game's vocabulary (``mult``,
    ``Xmult``, ``extra``, ``t_mult``, ``type``, ...); :meth:`initial_state` turns it into
    the per-instance counters. ``contexts`` lists the game contexts it acts in.
    """

    prefix: ClassVar[str] = "j_"
    family: ClassVar[str] = "joker"

    rarity: int = 1
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

    RARITY_NAMES: ClassVar[Mapping[int, str]] = MappingProxyType(
        {1: "Common", 2: "Uncommon", 3: "Rare", 4: "Legendary"}
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.rarity not in self.RARITY_NAMES:
            raise ContentError(f"joker {self.key!r}: rarity must be 1..4, got {self.rarity!r}")
        if not isinstance(self.cost, int) or self.cost < 0:
            raise ContentError(f"joker {self.key!r}: cost must be a non-negative int")
        object.__setattr__(self, "config", _freeze(dict(self.config)))

    @property
    def rarity_name(self) -> str:
        return self.RARITY_NAMES[self.rarity]

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

    @property
    def is_boss(self) -> bool:
        return self.kind in ("boss", "showdown")


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
    """A Tarot, Planet or Spectral card."""

    prefix: ClassVar[str] = "c_"
    family: ClassVar[str] = "consumable"

    set: str = "Tarot"  # "Tarot" | "Planet" | "Spectral"
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


@dataclass(frozen=True)
class BoosterType(ContentType):
    """A booster pack sold in the shop."""

    prefix: ClassVar[str] = "p_"
    family: ClassVar[str] = "booster"

    kind: str = "Buffoon"  # "Arcana" | "Celestial" | "Spectral" | "Standard" | "Buffoon"
    size: str = "normal"  # "normal" | "jumbo" | "mega"
    cards: int = 3
    choose: int = 1
    cost: int = 4
    weight: float = 1.0
    order: int = 0


def _check_weight(content: Any) -> None:
    """A modifier's ``weight`` (its share of random draws) is a number, 0 or more."""
    weight = content.weight
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not weight >= 0:
        raise ContentError(f"{content.family} {content.key!r}: weight must be a number >= 0")


def _kind_name(content: ContentType) -> str:
    """The enum member name of a card modifier: its key without the prefix, upper case."""
    return content.key[len(content.prefix) :].upper()


@dataclass(frozen=True)
class EnhancementType(ContentType):
    """A playing card's enhancement (Bonus, Glass, Stone, ...).

    Declaring one adds its member to :class:`~balatro_ecs.enums.Enhancement` (the key
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
    #: Its share of random enhancement draws (Standard packs, Magic Trick, Familiar), next
    #: to each vanilla enhancement's 1 (the game draws them evenly); 0: never drawn.
    weight: float = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_weight(self)
        object.__setattr__(self, "config", _freeze(dict(self.config)))
        if self.no_rank and self.any_suit:
            raise ContentError(f"enhancement {self.key!r}: no_rank and any_suit exclude each other")
        kind_flags(self.kind, no_rank=self.no_rank, any_suit=self.any_suit)

    @property
    def kind(self) -> Enhancement:
        """Its member of :class:`~balatro_ecs.enums.Enhancement` (added on declaration)."""
        return add_kind(Enhancement, _kind_name(self))


@dataclass(frozen=True)
class EditionType(ContentType):
    """A card's or joker's edition (Foil, Holographic, Polychrome, Negative).

    Declaring one adds its member to :class:`~balatro_ecs.enums.Edition` (``e_mypack_x``
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
        """Its member of :class:`~balatro_ecs.enums.Edition` (added on declaration)."""
        return add_kind(Edition, _kind_name(self))


@dataclass(frozen=True)
class SealType(ContentType):
    """A playing card's seal (Gold, Red, Blue, Purple).

    Keys are ``s_<name>`` (the game's own, ``"Gold"``, lack a prefix); declaring one adds
    its member to :class:`~balatro_ecs.enums.Seal` (``s_mypack_x`` is ``Seal.MYPACK_X``).
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
        """Its member of :class:`~balatro_ecs.enums.Seal` (added on declaration)."""
        return add_kind(Seal, _kind_name(self))


@dataclass(frozen=True)
class PokerHandType(ContentType):
    """A poker hand (Pair, Flush, ...): its numbers, and where it ranks among the others.

    Declaring one adds its member to :class:`~balatro_ecs.enums.HandType` (the key without
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

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("chips", "mult", "level_chips", "level_mult"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ContentError(f"poker hand {self.key!r}: {name} must be an int, got {value!r}")
        if isinstance(self.order, bool) or not isinstance(self.order, (int, float)):
            raise ContentError(f"poker hand {self.key!r}: order must be a number")
        if not self.order > 0:
            raise ContentError(f"poker hand {self.key!r}: order must be above 0 (1 is the best)")
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
        """Its member of :class:`~balatro_ecs.enums.HandType` (added on declaration)."""
        return add_kind(HandType, _kind_name(self))

"""Playing cards: :class:`CardSpec` describes one, :class:`Card` is a live one in a game.

A :class:`Card` is a handle on a playing-card entity: it holds direct references to the
entity's components (see :mod:`balatro_ecs.components`) and to the game's
:class:`~balatro_ecs.rules.Rules`, so reading a card on the scoring path costs a couple
of attribute loads and no esper lookups. Its predicates follow the game's:
:meth:`Card.is_suit` knows Wild cards, Smeared Joker and debuffs; :meth:`Card.is_face`
knows Pareidolia; :attr:`Card.rank` is negative for Stone cards, which have no rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import components as C
from .enums import (
    RANK_NAMES,
    Edition,
    Enhancement,
    Seal,
    Suit,
    parse_edition,
    parse_enhancement,
    parse_rank,
    parse_seal,
    parse_suit,
)
from .errors import ScenarioError, UnknownNameError
from .rules import Rules

__all__ = ["NO_RANK", "Card", "CardSpec", "chip_value"]

#: :attr:`Card.rank` of a card without a rank (Stone). Negative, like the game's ``get_id``,
#: so that range tests such as ``2 <= rank <= 10`` fail for it.
NO_RANK = -1

_ALL_SUITS = 0b1111
_RED = (1 << Suit.HEARTS) | (1 << Suit.DIAMONDS)
_BLACK = (1 << Suit.SPADES) | (1 << Suit.CLUBS)
_WILD = Enhancement.WILD
_STONE = Enhancement.STONE


def chip_value(rank: int) -> int:
    """The chips a rank scores: its number, 10 for a face card, 11 for an Ace."""
    if rank == 14:
        return 11
    return 10 if rank > 10 else rank


_CARD_KEYS = frozenset(
    {"rank", "suit", "enhancement", "edition", "seal", "perma_bonus", "played_this_ante", "debuff"}
)


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A playing card described by value: what you pass in to create one.

    >>> CardSpec.parse("Kh")
    CardSpec.parse('KH')
    >>> CardSpec.parse("10S glass polychrome red").enhancement
    <Enhancement.GLASS: 4>
    """

    rank: int
    suit: Suit
    enhancement: Enhancement = Enhancement.NONE
    edition: Edition = Edition.NONE
    seal: Seal = Seal.NONE
    perma_bonus: int = 0
    played_this_ante: bool = False
    debuff: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str = "card") -> CardSpec:
        """Build from the scenario format's card object; errors name ``where``."""
        if not isinstance(data, Mapping):
            raise ScenarioError(f"{where}: expected a card object, got {data!r}")
        unknown = set(data) - _CARD_KEYS
        if unknown:
            err = UnknownNameError("card field", sorted(unknown)[0], _CARD_KEYS)
            raise ScenarioError(str(err.at(where)))
        for required in ("rank", "suit"):
            if required not in data:
                raise ScenarioError(f"{where}: missing {required!r}")
        try:
            rank = parse_rank(data["rank"])
        except UnknownNameError as err:
            raise ScenarioError(str(err.at(f"{where}.rank"))) from None
        fields: dict[str, Any] = {"rank": rank}
        for name, parse in (
            ("suit", parse_suit),
            ("enhancement", parse_enhancement),
            ("edition", parse_edition),
            ("seal", parse_seal),
        ):
            try:
                fields[name] = parse(data.get(name))
            except UnknownNameError as err:
                raise ScenarioError(str(err.at(f"{where}.{name}"))) from None
        bonus = data.get("perma_bonus", 0)
        if isinstance(bonus, bool) or not isinstance(bonus, (int, float)):
            raise ScenarioError(f"{where}.perma_bonus: expected a number, got {bonus!r}")
        fields["perma_bonus"] = bonus
        for flag in ("played_this_ante", "debuff"):
            value = data.get(flag, False)
            if not isinstance(value, bool):
                raise ScenarioError(f"{where}.{flag}: expected true or false, got {value!r}")
            fields[flag] = value
        return cls(**fields)

    @classmethod
    def parse(cls, text: str) -> CardSpec:
        """Short notation: rank and suit (``"KH"``, ``"10s"``, ``"T♠"``), then optional
        words for enhancement, edition and seal (``"AS glass foil red"``)."""
        words = text.split()
        if not words:
            raise ScenarioError("empty card text")
        head, rest = words[0], words[1:]
        if len(head) < 2:
            raise ScenarioError(f"card {text!r}: expected rank then suit, like 'KH'")
        try:
            rank, suit = parse_rank(head[:-1]), parse_suit(head[-1])
        except UnknownNameError as err:
            raise ScenarioError(f"card {text!r}: {err}") from None
        fields: dict[str, Any] = {}
        for word in rest:
            for name, parse in (("enhancement", parse_enhancement), ("edition", parse_edition)):
                try:
                    fields[name] = parse(word)
                    break
                except UnknownNameError:
                    continue
            else:
                try:
                    fields["seal"] = parse_seal(word.removesuffix("_seal"))
                except UnknownNameError:
                    raise ScenarioError(
                        f"card {text!r}: {word!r} is not an enhancement, edition or seal"
                    ) from None
        return cls(rank, suit, **fields)

    def to_dict(self) -> dict[str, Any]:
        """The scenario-format card object (only non-default fields)."""
        out: dict[str, Any] = {"rank": RANK_NAMES[self.rank], "suit": self.suit.letter}
        if self.enhancement:
            out["enhancement"] = self.enhancement.name.lower()
        if self.edition:
            out["edition"] = self.edition.name.lower()
        if self.seal:
            out["seal"] = self.seal.name.lower()
        if self.perma_bonus:
            out["perma_bonus"] = self.perma_bonus
        if self.played_this_ante:
            out["played_this_ante"] = True
        if self.debuff:
            out["debuff"] = True
        return out

    @property
    def label(self) -> str:
        words = [RANK_NAMES[self.rank] + self.suit.letter]
        if self.enhancement:
            words.append(self.enhancement.name.lower())
        if self.edition:
            words.append(self.edition.name.lower())
        if self.seal:
            words.append(self.seal.name.lower())
        return " ".join(words)

    def __repr__(self) -> str:
        extras = []
        if self.perma_bonus:
            extras.append(f"perma_bonus={self.perma_bonus}")
        if self.played_this_ante:
            extras.append("played_this_ante=True")
        if self.debuff:
            extras.append("debuff=True")
        base = f"CardSpec.parse({self.label!r})"
        return f"{base}.replace({', '.join(extras)})" if extras else base

    def replace(self, **changes: Any) -> CardSpec:
        """A copy with some fields changed."""
        values = {name: getattr(self, name) for name in _CARD_KEYS}
        values.update(changes)
        return CardSpec(**values)

    def components(self, serial: int, area: C.Area) -> tuple[Any, ...]:
        """The entity components for this card."""
        return (
            C.Rank(self.rank),
            C.Suit(self.suit),
            C.Enhancement(self.enhancement),
            C.Edition(self.edition),
            C.Seal(self.seal),
            C.PermaBonus(self.perma_bonus),
            C.Debuff(forced=self.debuff),
            C.CardFlags(played_this_ante=self.played_this_ante),
            C.Serial(serial),
            C.Zone(area),
        )


class Card:
    """A live playing card: a handle on its entity's components.

    Reading is cheap; change a card through its methods so that the components stay the
    single source of truth.
    """

    __slots__ = (
        "_debuff",
        "_edition",
        "_enhancement",
        "_flags",
        "_key",
        "_perma",
        "_plain_key",
        "_rank",
        "_rules",
        "_seal",
        "_serial",
        "_suit",
        "_tally",
        "entity",
        "zone",
    )

    def __init__(
        self,
        entity: int,
        components: tuple[Any, ...],
        rules: Rules,
        tally: list[int] | None = None,
    ) -> None:
        self.entity = entity
        rank, suit, enhancement, edition, seal, perma, debuff, flags, serial, zone = components
        self._rank: C.Rank = rank
        self._suit: C.Suit = suit
        self._enhancement: C.Enhancement = enhancement
        self._edition: C.Edition = edition
        self._seal: C.Seal = seal
        self._perma: C.PermaBonus = perma
        self._debuff: C.Debuff = debuff
        self._flags: C.CardFlags = flags
        self._serial: C.Serial = serial
        self.zone: C.Zone = zone
        self._rules = rules
        #: The owning game's count of cards per enhancement, kept current by set_enhancement.
        self._tally = tally
        #: Cached :meth:`detect_key`; every change that affects it resets it to ``None``.
        self._key: tuple[int, int, int] | None = None
        #: The detection key of the card as printed (no Wild, Stone or Smeared involved).
        self._plain_key = self._printed_key()

    # -- what the card is -----------------------------------------------------
    @property
    def rank(self) -> int:
        """The rank id the rules see (2..14), or :data:`NO_RANK` for a Stone card."""
        if self._enhancement.kind == _STONE:
            return NO_RANK
        return self._rank.value

    @property
    def base_rank(self) -> int:
        """The printed rank id, even on a Stone card."""
        return self._rank.value

    @property
    def suit(self) -> Suit:
        """The printed suit. Use :meth:`is_suit` for rule checks."""
        return self._suit.value

    @property
    def original_suit(self) -> Suit:
        """The suit the card was made with, before any effect changed it (sorting ties)."""
        original = self._suit.original
        return self._suit.value if original is None else original

    @property
    def enhancement(self) -> Enhancement:
        return self._enhancement.kind

    @property
    def edition(self) -> Edition:
        return self._edition.kind

    @property
    def seal(self) -> Seal:
        return self._seal.kind

    @property
    def perma_bonus(self) -> int:
        return self._perma.chips

    @property
    def debuffed(self) -> bool:
        d = self._debuff
        return d.forced or d.by_blind

    @property
    def played_this_ante(self) -> bool:
        return self._flags.played_this_ante

    @property
    def shattered(self) -> bool:
        """A destroyed Glass card that broke where the jokers saw it (in a hand, a discard,
        by The Hanged Man); not one a Spectral card destroyed (Glass Joker counts these)."""
        return self._enhancement.kind == Enhancement.GLASS and not self._flags.shatter_unseen

    @property
    def face_down(self) -> bool:
        return self._flags.face_down

    @property
    def forced(self) -> bool:
        """Must be part of the next play or discard (Cerulean Bell)."""
        return self._flags.forced_selection

    @property
    def serial(self) -> int:
        return self._serial.value

    @property
    def chip_value(self) -> int:
        """Chips for the printed rank (2..10, faces 10, Ace 11)."""
        return chip_value(self._rank.value)

    # -- the game's predicates ---------------------------------------------------
    def is_suit(self, suit: int) -> bool:
        """Does the card count as ``suit``? False when debuffed or Stone; Wild counts as all."""
        d = self._debuff
        if d.forced or d.by_blind:
            return False
        return self.counts_as_suit(suit)

    def counts_as_suit(self, suit: int) -> bool:
        """:meth:`is_suit` ignoring debuffs (what suit-debuffing bosses and Flower Pot test)."""
        kind = self._enhancement.kind
        if kind == _STONE:
            return False
        if kind == _WILD:
            return True
        printed = self._suit.value
        if printed == suit:
            return True
        if self._rules.smeared_suits:
            return (printed in (1, 3)) == (suit in (1, 3))
        return False

    def flush_suits(self) -> int:
        """Bitmask of suits the card counts as when looking for a flush.

        A debuffed Wild card counts only as its printed suit; Stone counts as none.
        """
        kind = self._enhancement.kind
        if kind == _STONE:
            return 0
        d = self._debuff
        if kind == _WILD and not (d.forced or d.by_blind):
            return _ALL_SUITS
        bit = 1 << self._suit.value
        if self._rules.smeared_suits:
            return _RED if bit & _RED else _BLACK
        return bit

    def detect_key(self) -> tuple[int, int, int]:
        """``(rank, flush_suits, order)`` for :func:`balatro_ecs.hands.detect`.

        ``order`` ranks cards for "highest card": rank, then suit (Spades high); Stone
        cards rank below everything and have no rank to pair with.
        """
        key = self._key
        if key is None:
            key = self._key = self._detect_key()
        return key

    def _printed_key(self) -> tuple[int, int, int]:
        rank, suit = self._rank.value, self._suit.value
        return (rank, 1 << suit, rank * 4 + 3 - suit)

    def _detect_key(self) -> tuple[int, int, int]:
        kind = self._enhancement.kind
        if kind != _WILD and kind != _STONE and not self._rules.smeared_suits:
            return self._plain_key
        if kind == _STONE:
            return (NO_RANK, 0, -1)
        rank = self._rank.value
        suit = self._suit.value
        d = self._debuff
        if kind == _WILD and not (d.forced or d.by_blind):
            suits = _ALL_SUITS
        elif self._rules.smeared_suits:
            suits = _RED if (1 << suit) & _RED else _BLACK
        else:
            suits = 1 << suit
        return (rank, suits, rank * 4 + 3 - suit)

    def is_face(self) -> bool:
        """Is it a face card for jokers? Never when debuffed; always with Pareidolia."""
        d = self._debuff
        if d.forced or d.by_blind:
            return False
        return self.counts_as_face()

    def counts_as_face(self) -> bool:
        """:meth:`is_face` ignoring debuffs (what The Plant tests)."""
        if self._rules.all_faces:
            return True
        return self._enhancement.kind != _STONE and 11 <= self._rank.value <= 13

    # -- changes ---------------------------------------------------------------
    def set_enhancement(self, enhancement: Enhancement) -> None:
        new = Enhancement(enhancement)
        tally = self._tally
        if tally is not None:
            tally[self._enhancement.kind] -= 1
            tally[new] += 1
        self._enhancement.kind = new
        self._key = None

    def set_debuff(self, *, by_blind: bool | None = None, forced: bool | None = None) -> None:
        """Set why the card is debuffed (by the blind, or forced); unset values stay."""
        if by_blind is not None:
            self._debuff.by_blind = by_blind
        if forced is not None:
            self._debuff.forced = forced
        self._key = None

    def rules_changed(self) -> None:
        """Forget what depended on the game's rules (called by the game when they change)."""
        self._key = None

    def set_edition(self, edition: Edition) -> None:
        self._edition.kind = Edition(edition)

    def set_seal(self, seal: Seal) -> None:
        self._seal.kind = Seal(seal)

    def add_perma_bonus(self, chips: int) -> None:
        self._perma.chips += chips

    def set_face_down(self, value: bool) -> None:
        self._flags.face_down = value

    def set_forced(self, value: bool) -> None:
        self._flags.forced_selection = value

    def set_suit(self, suit: Suit) -> None:
        """Change the printed suit (Checkered Deck, suit-changing Tarots)."""
        if self._suit.original is None:
            self._suit.original = self._suit.value
        self._suit.value = Suit(suit)
        self._plain_key = self._printed_key()
        self._key = None

    def set_rank(self, rank: int) -> None:
        """Change the printed rank (Strength, Ouija)."""
        self._rank.value = rank
        self._plain_key = self._printed_key()
        self._key = None

    def mark_played_this_ante(self, value: bool = True) -> None:
        self._flags.played_this_ante = value

    # -- value views -------------------------------------------------------------
    def spec(self) -> CardSpec:
        """The card's current value as a :class:`CardSpec`."""
        return CardSpec(
            rank=self._rank.value,
            suit=Suit(self._suit.value),
            enhancement=self.enhancement,
            edition=self.edition,
            seal=self.seal,
            perma_bonus=self.perma_bonus,
            played_this_ante=self.played_this_ante,
            debuff=self._debuff.forced,
        )

    @property
    def label(self) -> str:
        """Short human label, e.g. ``"K♠ glass"``."""
        text = RANK_NAMES[self._rank.value] + Suit(self._suit.value).symbol
        if self._enhancement.kind:
            text += f" {self.enhancement.name.lower()}"
        if self._edition.kind:
            text += f" {self.edition.name.lower()}"
        if self._seal.kind:
            text += f" {self.seal.name.lower()} seal"
        return text

    def __repr__(self) -> str:
        return f"<Card #{self.entity} {self.label}{' (debuffed)' if self.debuffed else ''}>"

"""Playing cards: :class:`CardSpec` describes one, :class:`Card` is a live one in a game.

A :class:`Card` is a playing-card entity's handle and, at once, its component table: it
holds the entity's components in its own slots (see :mod:`balatro_ecs.kernel.components`), and
the world stores the card itself as the entity's table
(:class:`~balatro_ecs.kernel.world.RecordTable`). So a card is one object, and reading one on
the scoring path costs a couple of attribute loads and no esper lookups. It also holds
the game's :class:`~balatro_ecs.game.rules.Rules`. Its predicates follow the game's:
:meth:`Card.is_suit` knows Wild cards, Smeared Joker and debuffs; :meth:`Card.is_face`
knows Pareidolia; :attr:`Card.rank` is negative for Stone cards, which have no rank. What
an enhancement does to rank and suit is what its plugin declares
(:attr:`EnhancementType.no_rank <balatro_ecs.kernel.content.EnhancementType.no_rank>`,
:attr:`~balatro_ecs.kernel.content.EnhancementType.any_suit`).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..kernel import components as C
from ..kernel import records
from ..kernel.enums import (
    ANY_SUIT_KINDS,
    NO_RANK_KINDS,
    RANK_NAMES,
    SHATTER_KINDS,
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
from ..kernel.errors import ScenarioError, UnknownNameError, show
from .detach import PlacedValue
from .rules import Rules

__all__ = [
    "CARD_COMPONENTS",
    "NO_RANK",
    "Card",
    "CardSpec",
    "CardTemplate",
    "DetachedCard",
    "chip_value",
    "make_cards",
    "printed_key",
    "ranked_by_creation",
]

#: :attr:`Card.rank` of a card without a rank (Stone). Negative, like the game's ``get_id``,
#: so that range tests such as ``2 <= rank <= 10`` fail for it.
NO_RANK = -1

_ALL_SUITS = 0b1111
_RED = (1 << Suit.HEARTS) | (1 << Suit.DIAMONDS)
_BLACK = (1 << Suit.SPADES) | (1 << Suit.CLUBS)
#: Per enhancement kind: no rank and no suit (Stone); every suit (Wild). The lists the
#: enhancements' declarations fill (:class:`~balatro_ecs.kernel.content.EnhancementType`).
_NO_RANK = NO_RANK_KINDS
_ANY_SUIT = ANY_SUIT_KINDS
_SHATTERS = SHATTER_KINDS


def chip_value(rank: int) -> int:
    """The chips a rank scores: its number, 10 for a face card, 11 for an Ace."""
    if rank == 14:
        return 11
    return 10 if rank > 10 else rank


#: A playing card's component types, in the order of :meth:`CardSpec.components`.
CARD_COMPONENTS: tuple[type, ...] = (
    C.Rank, C.Suit, C.Enhancement, C.Edition, C.Seal, C.PermaBonus,
    C.Debuff, C.CardFlags, C.Serial, C.Zone,
)  # fmt: skip

_PRINTED: dict[tuple[int, int], tuple[int, int, int]] = {}


def printed_key(rank: int, suit: int) -> tuple[int, int, int]:
    """The detection key of a card as printed: ``(rank, suit bit, order)`` (shared)."""
    key = _PRINTED.get((rank, suit))
    if key is None:
        key = (rank, 1 << suit, rank * 4 + 3 - suit)
        if len(_PRINTED) < 4096:
            _PRINTED[(rank, suit)] = key
    return key


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
            raise ScenarioError(f"{where}: expected a card object, got {show(data)}")
        unknown = set(data) - _CARD_KEYS
        if unknown:
            err = UnknownNameError("card field", sorted(unknown)[0], _CARD_KEYS)
            raise ScenarioError(str(err.at(where)))
        for required in ("rank", "suit"):
            if required not in data:
                raise ScenarioError(f"{where}: missing {show(required)}")
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
            raise ScenarioError(f"{where}.perma_bonus: expected a number, got {show(bonus)}")
        fields["perma_bonus"] = bonus
        for flag in ("played_this_ante", "debuff"):
            value = data.get(flag, False)
            if not isinstance(value, bool):
                raise ScenarioError(f"{where}.{flag}: expected true or false, got {show(value)}")
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
            raise ScenarioError(f"card {show(text)}: expected rank then suit, like 'KH'")
        try:
            rank, suit = parse_rank(head[:-1]), parse_suit(head[-1])
        except UnknownNameError as err:
            raise ScenarioError(f"card {show(text)}: {err}") from None
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
        """The entity components for this card, in :data:`CARD_COMPONENTS` order (the
        values shared, the zone new)."""
        return (*self.values(), C.serial(serial), C.Zone(area))

    def values(self) -> tuple[Any, ...]:
        """The shared value components of a new card like this one: rank, suit,
        enhancement, edition, seal, perma bonus, debuff and flags."""
        return (
            C.rank(self.rank),
            C.suit(self.suit),
            C.enhancement(self.enhancement),
            C.edition(self.edition),
            C.seal(self.seal),
            C.perma_bonus(self.perma_bonus),
            C.debuff(self.debuff, False),
            C.card_flags(self.played_this_ante),
        )


#: :class:`CardTemplate` rows by spec (and the type of its perma bonus: ``5`` and ``5.0``
#: are equal specs but different components). A row is only read, never changed, so
#: templates share them: a scenario's cards come from a small vocabulary.
_ROWS: dict[tuple[tuple[Any, ...], type], tuple[Any, ...]] = {}
_SPEC_FIELDS = operator.attrgetter(
    "rank", "suit", "enhancement", "edition", "seal", "perma_bonus", "played_this_ante", "debuff"
)


def _template_row(spec: CardSpec) -> tuple[Any, ...]:
    key = (_SPEC_FIELDS(spec), type(spec.perma_bonus))  # hashed and compared in C
    row = _ROWS.get(key)
    if row is None:
        row = spec.values()
        if len(_ROWS) < 4096:
            _ROWS[key] = row
    return row


class CardTemplate:
    """Cards prepared for setting up a game (:meth:`Game.set_up_cards
    <balatro_ecs.game.Game.set_up_cards>`): each spec's shared value components found
    once, so a template made once per process (the standard deck's) costs nothing to
    reuse.
    """

    __slots__ = ("rows", "specs", "tally")

    def __init__(self, specs: Iterable[CardSpec]) -> None:
        self.specs: tuple[CardSpec, ...] = tuple(specs)
        #: Per card: its shared value components (:meth:`CardSpec.values`), which each
        #: new card like it holds, with a serial and a zone of its own.
        self.rows: tuple[tuple[Any, ...], ...] = tuple([_template_row(spec) for spec in self.specs])
        counts: dict[int, int] = {}
        for values in self.rows:
            kind = values[2].kind
            counts[kind] = counts.get(kind, 0) + 1
        #: ``(enhancement kind, number of cards)`` for the game's count per enhancement.
        self.tally: tuple[tuple[int, int], ...] = tuple(counts.items())

    def __len__(self) -> int:
        return len(self.specs)

    def __iter__(self) -> Iterator[CardSpec]:
        return iter(self.specs)


_SERIAL_OF = operator.attrgetter("_serial.value")


def ranked_by_creation(cards: Iterable[Card]) -> list[Card]:
    """The cards that have a rank (not of a kind declared ``no_rank``: Stone), in creation
    order -- the order of the game's own list of cards, which its random picks of a card
    of the deck draw from (The Idol's card, Mail-In Rebate's rank, Castle's suit)."""
    no_rank = _NO_RANK
    found = [card for card in cards if not no_rank[card._enhancement.kind]]
    found.sort(key=_SERIAL_OF)
    return found


class Card:
    """A live playing card: a handle that is also its entity's component table.

    The card keeps its ten components (:data:`CARD_COMPONENTS`) in its own slots and
    answers the mapping protocol over them (``card[C.Rank]``, ``C.Zone in card``,
    iteration, :meth:`get`, :meth:`values`, ...): the world stores the card itself as the
    entity's table, so esper's queries read the same references the handle reads, and a
    card costs one object rather than a dict plus a handle. Any other component a plugin
    attaches to a card lives in a small side dict, made only then.

    Reading is cheap; change a card through its methods so that the components stay the
    single source of truth. Storing a card component through the table (``card[C.Seal] =
    ...``, :meth:`World.add <balatro_ecs.kernel.world.World.add>`) swaps it in as it is, as a
    restore does: it forgets the cached detection key but counts no enhancement.
    """

    __slots__ = (
        "_debuff",
        "_edition",
        "_enhancement",
        "_extra",
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
        "_values",
        "entity",
        "zone",
    )
    _rank: C.Rank
    _suit: C.Suit
    _enhancement: C.Enhancement
    _edition: C.Edition
    _seal: C.Seal
    _perma: C.PermaBonus
    _debuff: C.Debuff
    _flags: C.CardFlags
    _serial: C.Serial
    zone: C.Zone

    def __init__(
        self,
        values: tuple[Any, ...],
        serial: C.Serial,
        zone: C.Zone,
        rules: Rules,
        tally: list[int] | None = None,
    ) -> None:
        """``values``: the eight shared value components, rank to flags (as
        :meth:`CardSpec.values` orders them). The card is in no world until one numbers
        it: ``card.entity = world.spawn(card)``."""
        self.entity = 0
        #: The eight value components as one tuple (kept current by every change; shared
        #: with the template or save the card came from until it changes): what saving
        #: the world keeps, in one read.
        self._values: tuple[Any, ...] = values
        (
            self._rank,
            self._suit,
            self._enhancement,
            self._edition,
            self._seal,
            self._perma,
            self._debuff,
            self._flags,
        ) = values
        self._serial = serial
        self.zone = zone
        #: Components beyond the card's own ten (a plugin's), or ``None`` (the usual case).
        #: Replaced, never changed in place, so a saved :attr:`contents` may share it.
        self._extra: dict[type, Any] | None = None
        self._rules = rules
        #: The owning game's count of cards per enhancement, kept current by set_enhancement.
        self._tally = tally
        #: Cached :meth:`detect_key`; every change that affects it resets it to ``None``.
        self._key: tuple[int, int, int] | None = None
        #: The detection key of the card as printed (no Wild, Stone or Smeared involved),
        #: found when first needed; reset with the rank or suit.
        self._plain_key: tuple[int, int, int] | None = None

    # -- the entity's component table (see the class docstring) -------------------
    def __getitem__(self, kind: type) -> Any:
        getter = _GETTERS.get(kind)
        if getter is not None:
            return getter(self)
        extra = self._extra
        if extra is None:
            raise KeyError(kind)
        return extra[kind]

    def __setitem__(self, kind: type, component: Any) -> None:
        name = _SLOT_NAMES.get(kind)
        if name is None:
            self._extra = {**(self._extra or {}), kind: component}
            return
        setattr(self, name, component)
        self._swapped()

    def __delitem__(self, kind: type) -> None:
        if kind in _SLOT_NAMES:
            raise TypeError(f"a playing card always has its {kind.__name__} component")
        extra = self._extra
        if extra is None:
            raise KeyError(kind)
        rest = extra.copy()
        del rest[kind]
        self._extra = rest or None

    def pop(self, kind: type) -> Any:
        """Remove and return a component the card does not always have."""
        component = self[kind]
        del self[kind]
        return component

    def __contains__(self, kind: object) -> bool:
        if kind in _SLOT_NAMES:
            return True
        extra = self._extra
        return extra is not None and kind in extra

    def get(self, kind: type, default: Any = None) -> Any:
        getter = _GETTERS.get(kind)
        if getter is not None:
            return getter(self)
        extra = self._extra
        return default if extra is None else extra.get(kind, default)

    def __iter__(self) -> Iterator[type]:
        return iter(self.keys())

    def __len__(self) -> int:
        extra = self._extra
        return len(CARD_COMPONENTS) + (0 if extra is None else len(extra))

    def keys(self) -> tuple[type, ...]:
        extra = self._extra
        return CARD_COMPONENTS if extra is None else (*CARD_COMPONENTS, *extra)

    def values(self) -> tuple[Any, ...]:
        extra = self._extra
        own: tuple[Any, ...] = _ALL_COMPONENTS(self)
        return own if extra is None else (*own, *extra.values())

    def items(self) -> tuple[tuple[type, Any], ...]:
        return tuple(zip(self.keys(), self.values(), strict=True))

    def copy(self) -> dict[type, Any]:
        """The components as a plain dict (as a mapping's ``copy``)."""
        return dict(self.items())

    #: What a world's :meth:`~balatro_ecs.kernel.world.World.state` keeps of this table: the
    #: value components' tuple and the side dict (or ``None``), read in C without a
    #: Python call (saving a world reads every card); :meth:`put_back` takes it. The
    #: serial never changes, and the zone object is the card's for good (its fields are
    #: the snapshot's to save).
    contents = property(operator.attrgetter("_values", "_extra"))

    def put_back(self, contents: tuple[Any, ...]) -> None:
        """Hold the components of :attr:`contents` again (a restore)."""
        values, self._extra = contents
        self._set_values(values)

    def _set_values(self, values: tuple[Any, ...]) -> None:
        """Hold these eight value components (a restore, an undone preview)."""
        self._values = values
        (
            self._rank,
            self._suit,
            self._enhancement,
            self._edition,
            self._seal,
            self._perma,
            self._debuff,
            self._flags,
        ) = values
        self._plain_key = self._key = None

    def _swapped(self) -> None:
        """A value component was swapped in: keep :attr:`_values` current and forget the
        detection keys."""
        self._values = _VALUES(self)
        self._plain_key = self._key = None

    # -- what the card is -----------------------------------------------------
    @property
    def rank(self) -> int:
        """The rank id the rules see (2..14), or :data:`NO_RANK` for a Stone card."""
        if _NO_RANK[self._enhancement.kind]:
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
        """A destroyed card of a kind that breaks (``EnhancementType.shatters``: Glass) that
        broke where the jokers saw it (in a hand, a discard, by The Hanged Man); not one a
        Spectral card destroyed (Glass Joker counts these)."""
        return _SHATTERS[self._enhancement.kind] and not self._flags.shatter_unseen

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
        if _NO_RANK[kind]:
            return False
        if _ANY_SUIT[kind]:
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
        if _NO_RANK[kind]:
            return 0
        d = self._debuff
        if _ANY_SUIT[kind] and not (d.forced or d.by_blind):
            return _ALL_SUITS
        bit = 1 << self._suit.value
        if self._rules.smeared_suits:
            return _RED if bit & _RED else _BLACK
        return bit

    def detect_key(self) -> tuple[int, int, int]:
        """``(rank, flush_suits, order)`` for :func:`balatro_ecs.game.hands.detect`.

        ``order`` ranks cards for "highest card": rank, then suit (Spades high); Stone
        cards rank below everything and have no rank to pair with.
        """
        key = self._key
        if key is None:
            kind = self._enhancement.kind
            if not (kind and (_NO_RANK[kind] or _ANY_SUIT[kind])) and not self._rules.smeared_suits:
                key = self._plain_key or self._printed_key()  # as _detect_key finds it
            else:
                key = self._detect_key()
            self._key = key
        return key

    def _detect_key(self) -> tuple[int, int, int]:
        kind = self._enhancement.kind
        no_rank, any_suit = _NO_RANK[kind], _ANY_SUIT[kind]
        if not (no_rank or any_suit) and not self._rules.smeared_suits:
            return self._plain_key or self._printed_key()
        if no_rank:
            return (NO_RANK, 0, -1)
        rank = self._rank.value
        suit = self._suit.value
        d = self._debuff
        if any_suit and not (d.forced or d.by_blind):
            suits = _ALL_SUITS
        elif self._rules.smeared_suits:
            suits = _RED if (1 << suit) & _RED else _BLACK
        else:
            suits = 1 << suit
        return (rank, suits, rank * 4 + 3 - suit)

    def _printed_key(self) -> tuple[int, int, int]:
        rank, suit = self._rank.value, self._suit.value
        key = self._plain_key = _PRINTED.get((rank, suit)) or printed_key(rank, suit)
        return key

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
        return not _NO_RANK[self._enhancement.kind] and 11 <= self._rank.value <= 13

    # -- changes ---------------------------------------------------------------
    # A value component is shared (frozen): a change swaps in another value (in the card,
    # which is the entity's table).
    def set_enhancement(self, enhancement: Enhancement) -> None:
        """Give the card this enhancement (or none). As the game's ``set_ability``, which
        makes the card's ability afresh keeping only its permanent chips and forced
        selection, the card forgets that it was played this ante (The Pillar no longer
        debuffs it; recorded in Y6IDYJWS). Death sets the flag again from its model."""
        new = C.enhancement(enhancement)
        tally = self._tally
        if tally is not None:
            tally[self._enhancement.kind] -= 1
            tally[new.kind] += 1
        self._enhancement = new
        f = self._flags
        if f.played_this_ante:
            self._flags = C.card_flags(
                False, f.face_down, f.forced_selection, f.shatter_unseen, f.couponed
            )
        self._swapped()

    def set_debuff(self, *, by_blind: bool | None = None, forced: bool | None = None) -> None:
        """Set why the card is debuffed (by the blind, or forced); unset values stay."""
        old = self._debuff
        new = C.debuff(
            old.forced if forced is None else forced,
            old.by_blind if by_blind is None else by_blind,
        )
        if new is not old:
            self._debuff = new
            self._swapped()
        self._key = None

    def rules_changed(self) -> None:
        """Forget what depended on the game's rules (called by the game when they change)."""
        self._key = None

    def set_edition(self, edition: Edition) -> None:
        self._edition = C.edition(edition)
        self._swapped()

    def set_seal(self, seal: Seal) -> None:
        self._seal = C.seal(seal)
        self._swapped()

    def add_perma_bonus(self, chips: int) -> None:
        self._perma = C.perma_bonus(self._perma.chips + chips)
        self._swapped()

    def set_face_down(self, value: bool) -> None:
        f = self._flags
        if f.face_down != value:
            self._set_flags(
                f.played_this_ante, value, f.forced_selection, f.shatter_unseen, f.couponed
            )

    def set_forced(self, value: bool) -> None:
        f = self._flags
        if f.forced_selection != value:
            self._set_flags(f.played_this_ante, f.face_down, value, f.shatter_unseen, f.couponed)

    def set_shatter_unseen(self, value: bool) -> None:
        """Destroyed where no joker saw it break (a Spectral card's): see :attr:`shattered`."""
        f = self._flags
        self._set_flags(f.played_this_ante, f.face_down, f.forced_selection, value, f.couponed)

    def set_couponed(self, value: bool) -> None:
        """On sale made free by a Coupon Tag."""
        f = self._flags
        self._set_flags(
            f.played_this_ante, f.face_down, f.forced_selection, f.shatter_unseen, value
        )

    def _set_flags(
        self, played: bool, face_down: bool, forced: bool, shatter_unseen: bool, couponed: bool
    ) -> None:
        self._flags = C.card_flags(played, face_down, forced, shatter_unseen, couponed)
        self._values = _VALUES(self)  # (no flag changes the detection keys: they stay)

    def set_suit(self, suit: Suit) -> None:
        """Change the printed suit (Checkered Deck, suit-changing Tarots)."""
        old = self._suit
        new = C.suit(suit, old.value if old.original is None else old.original)
        self._suit = new
        self._swapped()

    def set_rank(self, rank: int) -> None:
        """Change the printed rank (Strength, Ouija)."""
        self._rank = C.rank(rank)
        self._swapped()

    def mark_played_this_ante(self, value: bool = True) -> None:
        f = self._flags
        if f.played_this_ante != value:
            self._set_flags(value, f.face_down, f.forced_selection, f.shatter_unseen, f.couponed)

    # -- value views -------------------------------------------------------------
    def detached(self) -> DetachedCard:
        """The card as it is now, off its game: a frozen :class:`DetachedCard` that reads
        as this card reads (what a result's cards become when it is pickled or copied:
        :meth:`ScoreResult.detached <balatro_ecs.game.scoring.result.ScoreResult.detached>`).
        """
        zone = self.zone
        return DetachedCard(
            entity=self.entity,
            serial=self._serial.value,
            label=self.label,
            rank=self.rank,
            base_rank=self._rank.value,
            suit=Suit(self._suit.value),
            original_suit=Suit(self.original_suit),
            enhancement=self.enhancement,
            edition=self.edition,
            seal=self.seal,
            perma_bonus=self.perma_bonus,
            debuffed=self.debuffed,
            played_this_ante=self.played_this_ante,
            shattered=self.shattered,
            face_down=self.face_down,
            forced=self.forced,
            area=zone.area,
            slot=zone.slot,
            spec_value=self.spec(),
            suits_counted=sum(1 << suit for suit in Suit if self.counts_as_suit(suit)),
            face_counted=self.counts_as_face(),
            flush_mask=self.flush_suits(),
            key=self._key or self._detect_key(),  # (the card's own cache left as it is)
        )

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


@dataclass(frozen=True, slots=True, repr=False)
class DetachedCard(PlacedValue):
    """A playing card as it was when read, off its game (:meth:`Card.detached`).

    It reads as the live card read then -- :attr:`rank`, :attr:`suit`, :attr:`label`,
    :meth:`is_suit`, :meth:`is_face`, :meth:`spec`, ... (the predicates answer with the
    game's rules of that moment: Smeared Joker, Pareidolia) -- holds nothing of the game,
    pickles and copies, and changes nothing: it has no setters and no component table.
    Its ``repr`` is the live card's, so a breakdown reads the same.
    """

    entity: int
    serial: int
    label: str
    #: The rank id the rules saw (2..14), or :data:`NO_RANK` for a Stone card.
    rank: int
    base_rank: int
    suit: Suit
    original_suit: Suit
    enhancement: Enhancement
    edition: Edition
    seal: Seal
    perma_bonus: int
    debuffed: bool
    played_this_ante: bool
    shattered: bool
    face_down: bool
    forced: bool
    #: Where the card was: its area and slot there.
    area: C.Area
    slot: int
    #: The card's value as a :class:`CardSpec` (:meth:`spec` returns it).
    spec_value: CardSpec
    #: Bit ``1 << suit`` set for each suit the card counted as, ignoring debuffs
    #: (:meth:`counts_as_suit`).
    suits_counted: int
    #: Whether it counted as a face card, ignoring debuffs (:meth:`counts_as_face`).
    face_counted: bool
    #: :meth:`flush_suits`.
    flush_mask: int
    #: :meth:`detect_key`.
    key: tuple[int, int, int]

    @property
    def chip_value(self) -> int:
        """Chips for the printed rank (2..10, faces 10, Ace 11)."""
        return chip_value(self.base_rank)

    def is_suit(self, suit: int) -> bool:
        """Did the card count as ``suit`` (see :meth:`Card.is_suit`)?"""
        return not self.debuffed and self.counts_as_suit(suit)

    def counts_as_suit(self, suit: int) -> bool:
        """:meth:`is_suit` ignoring debuffs."""
        return 0 <= suit < 8 and bool(self.suits_counted >> suit & 1)

    def flush_suits(self) -> int:
        """Bitmask of suits the card counted as when looking for a flush."""
        return self.flush_mask

    def detect_key(self) -> tuple[int, int, int]:
        """``(rank, flush_suits, order)`` as hand detection read it."""
        return self.key

    def is_face(self) -> bool:
        """Was it a face card for jokers (see :meth:`Card.is_face`)?"""
        return not self.debuffed and self.face_counted

    def counts_as_face(self) -> bool:
        """:meth:`is_face` ignoring debuffs."""
        return self.face_counted

    def spec(self) -> CardSpec:
        """The card's value as a :class:`CardSpec`."""
        return self.spec_value

    def __copy__(self) -> DetachedCard:
        return self  # (immutable through and through, as a tuple of numbers)

    def __deepcopy__(self, memo: dict[int, Any]) -> DetachedCard:
        return self

    def __repr__(self) -> str:
        return f"<Card #{self.entity} {self.label}{' (debuffed)' if self.debuffed else ''}>"


def make_cards(
    values: Sequence[tuple[Any, ...]],
    serials: Sequence[C.Serial],
    areas: Sequence[C.Area],
    slots: Sequence[int],
    rules: Rules,
    tallies: Sequence[list[int] | None],
    entities: Sequence[int],
    extras: Sequence[dict[type, Any] | None] | None = None,
    keys: Sequence[tuple[int, int, int] | None] | None = None,
) -> list[Card]:
    """Many cards at once (a copied game's, a new game's): card ``j`` holds ``values[j]``,
    its serial, a zone in ``areas[j]`` at ``slots[j]``, the rules, its tally and entity id,
    its side dict (``None``: none) and cached detection key (``None``: found when needed).
    What ``Card(...)`` makes card by card, made by :func:`balatro_ecs.kernel.records.fill`
    where it is compiled."""
    count = len(values)
    if not records.COMPILED:
        zone = C.Zone
        made = [
            Card(v, s, zone(a, slot), rules, t)
            for v, s, a, slot, t in zip(values, serials, areas, slots, tallies, strict=True)
        ]
        for card, entity in zip(made, entities, strict=True):
            card.entity = entity
        if extras is not None:
            for card, extra in zip(made, extras, strict=True):
                card._extra = extra
        if keys is not None:
            for card, key in zip(made, keys, strict=True):
                card._key = key
        return made
    each, same, item = records.EACH, records.SAME, records.item
    zones = records.fill(C.Zone, count, (("area", areas, each), ("slot", slots, each)))
    fields = [
        ("_values", values, each),
        *[(name, values, item(k)) for k, name in enumerate(_VALUE_SLOTS)],
        ("_serial", serials, each),
        ("zone", zones, each),
        ("_extra", None, same) if extras is None else ("_extra", extras, each),
        ("_rules", rules, same),
        ("_tally", tallies, each),
        ("_key", None, same) if keys is None else ("_key", keys, each),
        ("_plain_key", None, same),
        ("entity", entities, each),
    ]
    return records.fill(Card, count, fields)


#: The slot that holds each card component (what the table protocol reads and sets).
_SLOT_NAMES: dict[type, str] = dict(
    zip(
        CARD_COMPONENTS,
        ("_rank", "_suit", "_enhancement", "_edition", "_seal", "_perma", "_debuff", "_flags",
         "_serial", "zone"),
        strict=True,
    )
)  # fmt: skip
_GETTERS: dict[type, operator.attrgetter[Any]] = {
    kind: operator.attrgetter(name) for kind, name in _SLOT_NAMES.items()
}
#: A card's own components in one call, in :data:`CARD_COMPONENTS` order.
_ALL_COMPONENTS = operator.attrgetter(*_SLOT_NAMES.values())
#: The slots of its eight value components (:attr:`Card._values`), in order.
_VALUE_SLOTS = tuple(_SLOT_NAMES.values())[:8]
_VALUES = operator.attrgetter(*_VALUE_SLOTS)

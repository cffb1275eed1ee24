"""Scenarios: one played hand and everything around it, as data (tests/data/SCENARIO-FORMAT.md).

:func:`score` is the one-call API::

    >>> from balatro_ecs import score
    >>> score({"played": [{"rank": "K", "suit": "H"}, {"rank": "K", "suit": "S"}]}).score
    60

:meth:`Scenario.from_dict` validates a scenario without playing it: every problem is a
:class:`~balatro_ecs.kernel.errors.ScenarioError` whose message names the field
(``jokers[2].name``) and the value, with close matches for a misspelt name.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard, TypeVar

from ..kernel.components import Area
from ..kernel.content import BlindType, ConsumableType, DeckType, JokerType
from ..kernel.enums import (
    HAND_NAMES,
    RANK_NAMES,
    VANILLA_HANDS,
    Edition,
    Enhancement,
    HandType,
    Seal,
    Suit,
    parse_edition,
    parse_enhancement,
    parse_rank,
    parse_seal,
    parse_suit,
)
from ..kernel.errors import ScenarioError, UnknownNameError
from ..kernel.faults import name_fault
from ..kernel.manager import Plugins
from .cards import CardSpec
from .checks import MAX_INT, MAX_TEXT, check_keys, check_state, joker_state_template, show, whole
from .game import DEFAULT_SEED, Game
from .hands import detector
from .scenario_pool import score_content
from .scoring.pipeline import score_play
from .scoring.result import ScoreResult

__all__ = ["JokerSpec", "Scenario", "load_scenarios", "score"]

T = TypeVar("T")
D = TypeVar("D")

#: The format's default most played hand: the lowest of the game's hands.
_HIGH_CARD = HAND_NAMES[HandType.HIGH_CARD]


def _made(cls: type[D], **fields: Any) -> D:
    """``cls(**fields)`` for a frozen dataclass (no slots, no ``__post_init__``) given every
    one of its fields: its generated ``__init__`` sets each field with a call to
    ``object.__setattr__`` (it is frozen); this puts them in the instance dict at once.
    The result is the same object (tests/test_scoring_fast_paths.py checks the fields)."""
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made


_FILLER = CardSpec(2, Suit.SPADES)
_KEYS = {
    "played", "held", "jokers", "hand_levels", "hand_stats", "blind", "blind_disabled",
    "eye_hands_used", "mouth_hand", "most_played_hand", "deck", "hands_left", "hands_played",
    "hands_played_total", "discards_left", "discards_used", "dollars", "skips", "tarots_used",
    "idol_card", "ancient_suit", "castle_suit", "draw_pile", "draw_pile_count",
    "discard_pile_count", "joker_slots", "consumables", "observatory", "probabilities", "seed",
}  # fmt: skip
_JOKER_KEYS = {"name", "edition", "debuff", "sell_cost", "state"}
_STAT_KEYS = {"played", "played_this_round", "visible"}
_IDOL: Mapping[str, str] = {"rank": "A", "suit": "S"}
_NO_STATE: Mapping[str, Any] = {}
_PROBABILITIES = {"normal": 1.0, "always": math.inf, "never": 0.0}
#: The most cards a scenario may hold: played, held, and the draw and discard piles' counts.
MAX_CARDS = 1000
#: The most jokers, consumables or poker hand names in one list, and joker slots.
MAX_ITEMS = 1000


@dataclass(frozen=True)
class JokerSpec:
    """A joker in a scenario: its type, edition, debuff, sell value and starting counters."""

    type: JokerType
    edition: Edition = Edition.NONE
    debuff: bool = False
    sell_cost: int | None = None
    state: Mapping[str, Any] = field(default_factory=dict)


def _int(
    data: Mapping[str, Any],
    name: str,
    default: int,
    minimum: int | None = 0,
    where: str = "",
    maximum: int = MAX_INT,
) -> int:
    """A whole number field (``where``: its path, when not ``name``), within
    ``minimum..maximum`` (``None``: ``-MAX_INT``)."""
    value = data.get(name, default)
    if (
        type(value) is int
        and (minimum is None or value >= minimum)
        and -MAX_INT <= value <= maximum
    ):
        return value  # the usual case, checked at once
    return whole(value, where or name, ScenarioError, minimum, maximum)


def _bool(data: Mapping[str, Any], name: str, default: bool = False, where: str = "") -> bool:
    value = data.get(name, default)
    if value is not True and value is not False:
        raise ScenarioError(f"{where or name}: expected true or false, got {show(value)}")
    return value


def _name(value: object, where: str, kind: str = "a name") -> str:
    """``value`` if it is a string short enough to be a name (else the ScenarioError)."""
    if type(value) is str and len(value) <= MAX_TEXT:
        return value
    if isinstance(value, str):
        raise ScenarioError(f"{where}: expected {kind}, got a string of {len(value)} characters")
    raise ScenarioError(f"{where}: expected {kind}, got {show(value)}")


def _list(data: Mapping[str, Any], name: str, what: str, limit: int = MAX_ITEMS) -> list[Any]:
    """A list field (empty when missing) of at most ``limit`` items."""
    value = data.get(name, [])
    if type(value) is not list:
        raise ScenarioError(f"{name}: expected a list of {what}, got {show(value)}")
    if len(value) > limit:
        raise ScenarioError(f"{name}: at most {limit} {what}, got {len(value)}")
    return value


def _is_mapping(value: object) -> TypeGuard[Mapping[Any, Any]]:
    """``isinstance(value, Mapping)``, answering for a plain dict without the ABC check."""
    return type(value) is dict or isinstance(value, Mapping)


#: The hands by their names as the game spells them (other spellings: HandType.from_name).
_HANDS_BY_NAME: dict[str, HandType] = {name: HandType(i) for i, name in enumerate(VANILLA_HANDS)}


def _label(key: object) -> str:
    """A key as it reads in a field path (a hand name: ``hand_levels.Pair``)."""
    return key if type(key) is str and len(key) <= MAX_TEXT else show(key)


def _hand(value: object, where: str, plugins: Plugins) -> HandType:
    if type(value) is not str or len(value) > MAX_TEXT:
        value = _name(value, where, "a poker hand name")
    assert isinstance(value, str)
    found = _HANDS_BY_NAME.get(value)
    if found is not None:
        return found
    try:
        found = HandType.from_name(value)
    except UnknownNameError as err:
        raise ScenarioError(str(err.at(where))) from None
    if found >= len(_HANDS_BY_NAME) and found not in detector(plugins).hands:
        raise ScenarioError(f"{where}: {show(value)} is not a poker hand of this plugin set")
    return found


def _cards(data: Mapping[str, Any], name: str) -> tuple[CardSpec, ...]:
    value = _list(data, name, "cards", MAX_CARDS)
    return tuple([_card(card, name, i) for i, card in enumerate(value)])


# -- reading a card object ------------------------------------------------------------------
# Cards are most of a scenario, and nearly always spelt the canonical way ("K", "H", "glass").
# Those spellings are read from tables made with the parsers themselves; a card that uses
# any other spelling (an alias, another case, a number for a rank) -- or is wrong -- goes to
# CardSpec.from_dict, which accepts every alias and words every error. Equal cards share
# one CardSpec (it is frozen): making a frozen dataclass costs more than finding it.
_CARD_FIELDS = frozenset(
    {"rank", "suit", "enhancement", "edition", "seal", "perma_bonus", "played_this_ante", "debuff"}
)
_RANKS: dict[object, int] = {
    text: parse_rank(text)
    for text in (*RANK_NAMES.values(), *(label.lower() for label in RANK_NAMES.values()), "T", "t")
}
_SUITS: dict[object, Suit] = {
    text: parse_suit(text) for suit in Suit for text in (suit.letter, suit.letter.lower())
}
_ENHANCEMENTS: dict[object, Enhancement] = {
    text: parse_enhancement(text) for text in (None, "", *(m.name.lower() for m in Enhancement))
}
_EDITIONS: dict[object, Edition] = {
    text: parse_edition(text) for text in (None, "", *(m.name.lower() for m in Edition))
}
_SEALS: dict[object, Seal] = {
    text: parse_seal(text) for text in (None, "", *(m.name.lower() for m in Seal))
}
_PLAIN_SPECS: dict[tuple[int, Suit], CardSpec] = {
    (rank, suit): CardSpec(rank, suit) for rank in RANK_NAMES for suit in Suit
}
_SPECS: dict[tuple[Any, ...], CardSpec] = {}
_SPECS_LIMIT = 4096


def _card(data: object, name: str, index: int) -> CardSpec:
    """``CardSpec.from_dict(data, f"{name}[{index}]")``: the same spec, or the same error."""
    if type(data) is dict:
        try:
            rank = _RANKS[data["rank"]]
            suit = _SUITS[data["suit"]]
            if len(data) == 2:  # only rank and suit: a plain card, the most common
                return _PLAIN_SPECS[rank, suit]
            bonus = data.get("perma_bonus", 0)
            played = data.get("played_this_ante", False)
            debuff = data.get("debuff", False)
            # exact types: True is not a bonus of 1, 1 is not true, 5.0 stays a float
            if (
                type(bonus) is int
                and 0 <= bonus <= MAX_INT
                and type(played) is bool
                and type(debuff) is bool
                and data.keys() <= _CARD_FIELDS
            ):
                values = (
                    rank,
                    suit,
                    _ENHANCEMENTS[data.get("enhancement")],
                    _EDITIONS[data.get("edition")],
                    _SEALS[data.get("seal")],
                    bonus,
                    played,
                    debuff,
                )
                spec = _SPECS.get(values)
                if spec is None:
                    if len(_SPECS) >= _SPECS_LIMIT:
                        _SPECS.clear()
                    spec = _SPECS[values] = CardSpec(*values)
                return spec
        except (KeyError, TypeError):  # missing, another spelling, or not a name at all
            pass
    return _slow_card(data, f"{name}[{index}]")


_SCALARS = (str, int, float, bool, type(None))


def _small(value: object, depth: int = 0) -> bool:
    """A value that a message may show whole: a short string, a number that is not huge,
    or a short list or object of such values, not nested."""
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if isinstance(value, int):
        return value.bit_length() <= 128
    if value is None or isinstance(value, float):
        return True
    if depth or not isinstance(value, (list, dict)) or len(value) > 6:
        return False
    items = value.items() if isinstance(value, dict) else enumerate(value)
    return all(_small(k, 1) and _small(v, 1) for k, v in items)


def _slow_card(data: object, where: str) -> CardSpec:
    """``CardSpec.from_dict(data, where)`` for a card spelt another way, or wrong: its
    fields are first checked to be plain values (which that parser's messages can show),
    and the bonus it accepts to be finite, not negative and not huge."""
    if not _is_mapping(data):
        raise ScenarioError(f"{where}: expected a card object, got {show(data)}")
    for key, value in data.items():
        if not isinstance(key, str) or len(key) > MAX_TEXT:
            raise ScenarioError(f"{where}: unexpected card field {show(key)}")
        if not _small(value):
            raise ScenarioError(f"{where}.{key}: unexpected value {show(value)}")
    spec = CardSpec.from_dict(data, where)
    bonus = spec.perma_bonus
    if not (0 <= bonus <= MAX_INT):  # also refuses nan
        raise ScenarioError(
            f"{where}.perma_bonus: expected a finite number from 0 to {MAX_INT}, got {show(bonus)}"
        )
    return spec


def _parsed(
    table: Mapping[object, T], parse: Callable[[object], T], value: object, where: str
) -> T:
    """``parse(value)`` -- found in ``table`` when spelt the common way -- or the
    ScenarioError naming ``where``."""
    try:
        return table[value]
    except (KeyError, TypeError):  # another spelling, or not a name at all
        pass
    if not isinstance(value, _SCALARS) or (isinstance(value, str) and len(value) > MAX_TEXT):
        _name(value, where)
    try:
        return parse(value)
    except UnknownNameError as err:
        raise ScenarioError(str(err.at(where))) from None


def _lookup(plugins: Plugins, family: type, value: object, where: str) -> Any:
    # Names found before, per plugin set (its cache empties whenever the set changes).
    found_names: dict[tuple[type, str], Any] | None = plugins.cache.get("scenario names")
    if found_names is None:
        found_names = plugins.cache["scenario names"] = {}
    if type(value) is str:
        found = found_names.get((family, value))
        if found is not None:
            return found
    _name(value, where)
    try:
        found = plugins.find(family, value)  # type: ignore[arg-type]
    except UnknownNameError as err:
        raise ScenarioError(str(err.at(where))) from None
    if type(value) is str and len(found_names) < 4096:
        found_names[(family, value)] = found
    return found


def _suit(value: object, where: str) -> Suit:
    if type(value) is str:
        found = _SUITS.get(value)
        if found is not None:
            return found
    _name(value, where, "a suit")
    try:
        return parse_suit(value)
    except UnknownNameError as err:
        raise ScenarioError(str(err.at(where))) from None


@dataclass(frozen=True)
class Scenario:
    """A validated scenario. Build with :meth:`from_dict`; play with :meth:`score`."""

    played: tuple[CardSpec, ...]
    held: tuple[CardSpec, ...] = ()
    jokers: tuple[JokerSpec, ...] = ()
    hand_levels: Mapping[HandType, int] = field(default_factory=dict)
    hand_stats: Mapping[HandType, Mapping[str, Any]] = field(default_factory=dict)
    blind: BlindType | None = None
    blind_disabled: bool = False
    eye_hands_used: tuple[HandType, ...] = ()
    mouth_hand: HandType | None = None
    most_played_hand: HandType = HandType.HIGH_CARD
    deck: DeckType | None = None
    run: Mapping[str, int] = field(default_factory=dict)
    idol_card: tuple[int, Suit] = (14, Suit.SPADES)
    ancient_suit: Suit = Suit.SPADES
    castle_suit: Suit = Suit.SPADES
    draw_pile: tuple[CardSpec, ...] = ()
    draw_pile_count: int = 0
    discard_pile_count: int = 0
    joker_slots: int = 5
    consumables: tuple[ConsumableType, ...] = ()
    observatory: bool = False
    probability: float = 1.0
    seed: str = DEFAULT_SEED
    plugins: Plugins | None = field(default=None, repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], plugins: Plugins | None = None) -> Scenario:
        """Validate a scenario object (the format of ``tests/data/SCENARIO-FORMAT.md``).

        Every field is checked for its type, range and size: whole numbers within
        ``MAX_INT`` (counts not negative), finite numbers, names of at most ``MAX_TEXT``
        characters, at most ``MAX_CARDS`` cards in all (played, held, and the draw and
        discard piles' counts), at most ``MAX_ITEMS`` jokers, consumables or hand names, and
        no unknown key anywhere -- a joker's ``state`` may only set the counters its type
        holds (:func:`~balatro_ecs.game.checks.joker_state_template`), each of their kind.

        :raises ScenarioError: naming the first bad field by its path and its value, with
            the closest known names for an unknown one.
        """
        plugins = plugins if plugins is not None else Plugins.default()
        if not _is_mapping(data):
            raise ScenarioError(f"scenario: expected an object, got {type(data).__name__}")
        if not data.keys() <= _KEYS:
            check_keys(data, _KEYS, "scenario field", "", ScenarioError)
        if "played" not in data:
            raise ScenarioError("played: missing (1 to 5 cards)")
        played = _cards(data, "played")
        if not 1 <= len(played) <= 5:
            raise ScenarioError(f"played: a hand has 1 to 5 cards, got {len(played)}")
        held = _cards(data, "held")

        jokers_raw = _list(data, "jokers", "jokers")
        jokers = tuple([cls._joker(plugins, j, f"jokers[{i}]") for i, j in enumerate(jokers_raw)])

        levels_raw = data.get("hand_levels", {})
        if not _is_mapping(levels_raw):
            raise ScenarioError(f"hand_levels: expected an object, got {show(levels_raw)}")
        levels: dict[HandType, int] = {}
        for name, level in levels_raw.items():
            where = f"hand_levels.{_label(name)}"
            hand = _hand(name, where, plugins)
            if type(level) is not int or not 0 <= level <= MAX_INT:
                whole(level, where, ScenarioError)
            levels[hand] = level

        stats_raw = data.get("hand_stats", {})
        if not _is_mapping(stats_raw):
            raise ScenarioError(f"hand_stats: expected an object, got {show(stats_raw)}")
        stats: dict[HandType, Mapping[str, Any]] = {}
        for name, entry in stats_raw.items():
            where = f"hand_stats.{_label(name)}"
            hand = _hand(name, where, plugins)
            if not _is_mapping(entry):
                raise ScenarioError(f"{where}: expected an object, got {show(entry)}")
            if not entry.keys() <= _STAT_KEYS:
                check_keys(entry, _STAT_KEYS, "hand stat", where, ScenarioError)
            checked: dict[str, Any] = {}
            for key in ("played", "played_this_round"):
                if key in entry:
                    checked[key] = _int(entry, key, 0, where=f"{where}.{key}")
            if "visible" in entry:
                checked["visible"] = _bool(entry, "visible", where=f"{where}.visible")
            stats[hand] = checked

        blind = None
        if data.get("blind") is not None:
            blind = _lookup(plugins, BlindType, data["blind"], "blind")
        deck = None
        if data.get("deck") is not None:
            deck = _lookup(plugins, DeckType, data["deck"], "deck")

        eye_raw = _list(data, "eye_hands_used", "hand names")
        eye = tuple(_hand(h, f"eye_hands_used[{i}]", plugins) for i, h in enumerate(eye_raw))
        mouth = (
            _hand(data["mouth_hand"], "mouth_hand", plugins)
            if data.get("mouth_hand") is not None
            else None
        )
        most = _hand(data.get("most_played_hand", _HIGH_CARD), "most_played_hand", plugins)

        run = {
            "hands_left": _int(data, "hands_left", 3),
            "hands_played_round": _int(data, "hands_played", 0),
            "hands_played": _int(data, "hands_played_total", 0),
            "discards_left": _int(data, "discards_left", 3),
            "discards_used": _int(data, "discards_used", 0),
            "dollars": _int(data, "dollars", 0, minimum=None),
            "skips": _int(data, "skips", 0),
            "tarots_used": _int(data, "tarots_used", 0),
        }

        idol = data.get("idol_card", _IDOL)
        if idol is not _IDOL:
            if not _is_mapping(idol) or idol.keys() != {"rank", "suit"}:
                raise ScenarioError(f'idol_card: expected {{"rank", "suit"}}, got {show(idol)}')
            idol_rank = _parsed(_RANKS, parse_rank, idol["rank"], "idol_card.rank")
            idol_card = (idol_rank, _suit(idol["suit"], "idol_card.suit"))
        else:
            idol_card = (14, Suit.SPADES)

        draw_pile = _cards(data, "draw_pile")
        discard_count = _int(data, "discard_pile_count", 0, maximum=MAX_CARDS)
        # The reference scorer's default: the listed draw_pile cards are subtracted as well
        # (the vectors agree with this, not with the format note's 52 - played - held -
        # discards), so a scenario that lists some deck cards without a count has a deck
        # len(draw_pile) cards short of 52 -- which Erosion and Blue Joker see.
        default_count = max(
            52 - len(played) - len(held) - discard_count - len(draw_pile), len(draw_pile)
        )
        draw_count = _int(data, "draw_pile_count", default_count, maximum=MAX_CARDS)
        if draw_count < len(draw_pile):
            raise ScenarioError(
                f"draw_pile_count: {draw_count} is less than the {len(draw_pile)} cards "
                "in draw_pile"
            )
        cards = len(played) + len(held) + draw_count + discard_count
        if cards > MAX_CARDS:
            raise ScenarioError(
                f"scenario: at most {MAX_CARDS} cards (played, held, draw_pile_count and "
                f"discard_pile_count together), got {cards}"
            )

        consumables_raw = _list(data, "consumables", "names")
        consumables = tuple(
            _lookup(plugins, ConsumableType, name, f"consumables[{i}]")
            for i, name in enumerate(consumables_raw)
        )

        chance = data.get("probabilities", "normal")
        if type(chance) is not str or chance not in _PROBABILITIES:
            _name(chance, "probabilities", "a probabilities mode")
            raise ScenarioError(
                str(
                    UnknownNameError("probabilities mode", chance, _PROBABILITIES).at(
                        "probabilities"
                    )
                )
            )
        seed = data.get("seed", DEFAULT_SEED)
        if type(seed) is not str or not seed:
            _name(seed, "seed", "a non-empty string")
            raise ScenarioError(f"seed: expected a non-empty string, got {show(seed)}")
        _name(seed, "seed", "a non-empty string")

        return _made(
            cls,
            played=played,
            held=held,
            jokers=jokers,
            hand_levels=levels,
            hand_stats=stats,
            blind=blind,
            blind_disabled=_bool(data, "blind_disabled"),
            eye_hands_used=eye,
            mouth_hand=mouth,
            most_played_hand=most,
            deck=deck,
            run=run,
            idol_card=idol_card,
            ancient_suit=_suit(data.get("ancient_suit", "S"), "ancient_suit"),
            castle_suit=_suit(data.get("castle_suit", "S"), "castle_suit"),
            draw_pile=draw_pile,
            draw_pile_count=draw_count,
            discard_pile_count=discard_count,
            joker_slots=_int(data, "joker_slots", 5, maximum=MAX_ITEMS),
            consumables=consumables,
            observatory=_bool(data, "observatory"),
            probability=_PROBABILITIES[chance],
            seed=seed,
            plugins=plugins,
        )

    @staticmethod
    def _joker(plugins: Plugins, raw: object, where: str) -> JokerSpec:
        if type(raw) is str:
            raw = {"name": raw}
        if not _is_mapping(raw):
            raise ScenarioError(f"{where}: expected a joker object, got {show(raw)}")
        if not raw.keys() <= _JOKER_KEYS:
            check_keys(raw, _JOKER_KEYS, "joker field", where, ScenarioError)
        if "name" not in raw:
            raise ScenarioError(f"{where}: missing 'name'")
        jtype = _lookup(plugins, JokerType, raw["name"], f"{where}.name")
        edition = _parsed(_EDITIONS, parse_edition, raw.get("edition"), f"{where}.edition")
        state = raw.get("state", _NO_STATE)
        if state is not _NO_STATE and state:
            check_state(
                joker_state_template(jtype), state, f"{where}.state", ScenarioError, strict=True
            )
        elif not _is_mapping(state):
            raise ScenarioError(f"{where}.state: expected an object, got {show(state)}")
        sell = raw.get("sell_cost")
        if sell is not None:
            whole(sell, f"{where}.sell_cost", ScenarioError)
        debuff = raw.get("debuff", False)
        if debuff is not True and debuff is not False:
            raise ScenarioError(f"{where}.debuff: expected true or false, got {show(debuff)}")
        return _made(
            JokerSpec, type=jtype, edition=edition, debuff=debuff, sell_cost=sell, state=dict(state)
        )

    # -- playing it -------------------------------------------------------------------------
    def build(self) -> Game:
        """A game set up exactly as the scenario describes, with the hand in the play area
        (and the whole deck: unlisted draw and discard pile cards are plain 2 of Spades)."""
        return self._build(fillers=True)

    def _fillers(self) -> tuple[int, int]:
        """The unlisted plain cards in the draw pile and in the discard pile."""
        return self.draw_pile_count - len(self.draw_pile), self.discard_pile_count

    def _build(self, fillers: bool) -> Game:
        """:meth:`build`; without ``fillers``, the unlisted plain cards of the draw and
        discard piles are not made (scoring counts them: :meth:`score`)."""
        plugins = self.plugins if self.plugins is not None else Plugins.default()
        deck = self.deck or plugins.deck(None)  # the format's default: the first, Red Deck
        game = Game.empty(plugins=plugins, deck=deck, seed=self.seed)
        run = game.run
        for name, value in self.run.items():
            setattr(run, name, value)
        run.joker_slots = self.joker_slots
        run.probability = self.probability
        run.most_played_hand = self.most_played_hand
        # The format's round targets, into the run-state slots of the jokers that read them
        # (balatro_ecs_vanilla: The Idol, Ancient Joker, Castle).
        rank, suit = self.idol_card
        run.memory.update(
            idol_rank=rank,
            idol_suit=Suit(suit).letter,
            ancient_suit=Suit(self.ancient_suit).letter,
            castle_suit=Suit(self.castle_suit).letter,
        )
        for hand, level in self.hand_levels.items():
            run.hands[hand].level = level
        for hand, stats in self.hand_stats.items():
            for name, value in stats.items():
                setattr(run.hands[hand], name, value)
        if self.observatory:
            run.vouchers.append("v_observatory")
        game.set_up_cards(self.played, Area.PLAY)
        if self.held:
            game.set_up_cards(self.held, Area.HAND)
        if fillers:
            draw_fillers, discard_fillers = self._fillers()
            game.set_up_cards((*self.draw_pile, *[_FILLER] * draw_fillers), Area.DECK)
            game.set_up_cards([_FILLER] * discard_fillers, Area.DISCARD)
        elif self.draw_pile:
            game.set_up_cards(self.draw_pile, Area.DECK)
        if self.blind is not None:
            blind = game.set_blind(self.blind)
            if self.eye_hands_used:
                blind.memory["hands_used"] = [HAND_NAMES[h] for h in self.eye_hands_used]
            if self.mouth_hand is not None:
                blind.memory["only_hand"] = HAND_NAMES[self.mouth_hand]
            if self.blind_disabled:
                game.disable_blind()
        for joker in self.jokers:
            game.add_joker(
                joker.type,
                edition=joker.edition,
                state=joker.state,
                debuff=joker.debuff,
                sell_value=joker.sell_cost,
            )
        for consumable in self.consumables:
            game.add_consumable(consumable)
        return game

    def score(self) -> ScoreResult:
        """Build the game and score the hand.

        The game is built without the unlisted filler cards (most of a 52-card deck):
        scoring holds them as numbers instead (``extra_draw_pile``/``extra_discard_pile`` of
        :func:`~balatro_ecs.game.scoring.score_play`), which is all that the jokers that look at
        the deck need -- Blue Joker the draw pile's size, Erosion the deck's, and Steel
        Joker, Stone Joker and Driver's License its enhancement counts, in which a filler
        is an unenhanced card. The listed cards are built as in :meth:`build`.
        """
        game = self._build(fillers=False)
        try:
            return self._score_built(game)
        finally:
            game.close()

    def _score_built(self, game: Game) -> ScoreResult:
        """Score the hand of ``game``, built by ``_build(fillers=False)`` (or restored to
        that): :meth:`score` without the building."""
        try:
            if not 1 <= len(self.played) <= 5:
                return game.evaluate_play()  # refuses it, as for any game
            draw_fillers, discard_fillers = self._fillers()
            return score_play(
                game,
                game.plans,
                extra_draw_pile=draw_fillers,
                extra_discard_pile=discard_fillers,
            )
        except Exception as err:  # a plugin's fault: named, as when a game plays
            named = name_fault(game.plugins, err)
            if named is None:
                raise
            raise named from err


def score(scenario: Mapping[str, Any] | Scenario, *, plugins: Plugins | None = None) -> ScoreResult:
    """Score one scenario (a dict in the scenario format, or a :class:`Scenario`).

    A dict is validated in full (:meth:`Scenario.from_dict`) the first time its content is
    seen with this plugin set; the same content again skips the validation and the
    building: the validated scenario and its built game are kept and the game restored
    (:mod:`~balatro_ecs.game.scenario_pool`), with the same result (its cards and events
    are handed out when first read: :class:`~balatro_ecs.game.scenario_pool.KeptResult`).
    Only content equal in exact types and values is the same; everything else is validated
    in full: content not seen before, and input that is not plain data (values of the
    built-in types) every time.
    """
    if isinstance(scenario, Scenario):
        return scenario.score()
    plugins = plugins if plugins is not None else Plugins.default()
    result = score_content(scenario, plugins, Scenario.from_dict)
    if result is None:  # not plain data: validated and built each time
        return Scenario.from_dict(scenario, plugins).score()
    return result


def load_scenarios(text: str) -> list[Mapping[str, Any]]:
    """Parse JSON holding one scenario, a list of them, or conformance vectors.

    A conformance vector (``{"id", "scenario", "expected"}``) is returned as is.
    :raises ScenarioError: for malformed JSON, with line and column (also for ``NaN`` and
        ``Infinity``, which are not JSON, a number too long to read, and nesting too deep).
    """
    if not isinstance(text, str):
        raise ScenarioError(f"scenarios: expected JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise ScenarioError(
            f"malformed JSON at line {err.lineno}, column {err.colno}: {err.msg}"
        ) from None
    except RecursionError:
        raise ScenarioError("malformed JSON: nested too deeply") from None
    except ValueError as err:  # a number too long to read (Python's digit limit)
        raise ScenarioError(f"malformed JSON: {err}") from None
    items = data if isinstance(data, list) else [data]
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise ScenarioError(f"item {i}: expected a scenario object, got {type(item).__name__}")
    return items


def _no_constant(name: str) -> float:
    """JSON has no NaN or Infinity: Python's reader takes them unless told not to."""
    raise ScenarioError(f"malformed JSON: {name} is not a JSON number")

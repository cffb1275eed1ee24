"""Descriptions written for players, with the numbers of the moment filled in.

Every piece of content has a short sentence for players. :func:`describe` picks it:

1. the ``description`` a plugin declares on its content
   (:class:`~balatro_ecs.kernel.content.ContentType`);
2. else the vanilla sentence in ``data/descriptions.toml``;
3. else the content's ``effect`` text, as written (a third-party plugin's only text).

A description is a template. ``{path}`` is replaced by a value found by that dotted path
among, in increasing priority:

* the content's fields (``{cards}`` of a booster pack, ``{mult}`` of a blind) and its
  tables merged in at the top (``config``, a stake's ``modifiers``, a blind's ``debuff``),
  reachable by path too (``{extra.hand_add}``);
* the live counters of a joker or consumable (``Joker.state``), so ``{mult}`` of a Green
  Joker is what it gives now (for content named by key: the counters a new one starts with);
* values worked out from the game for some content (``{chance}``, the "1" of "1 in 4" that
  Oops! All 6s doubles; Abstract Joker's total; the hand a planet levels and its level).

``[text]`` is an optional part: it is left out when a placeholder inside it has no value,
and ``[text|other]`` shows ``other`` instead. A placeholder that cannot be filled outside
an optional part is left as written: describing never raises because of a template.

>>> from balatro_ecs import Game
>>> game = Game(seed="DESCRIBE")
>>> describe(game, "j_green_joker")
'+1 Mult per hand played, -1 Mult per discard (currently +0 Mult).'
>>> joker = game.add_joker("j_green_joker", state={"mult": 5})
>>> describe(game, joker)
'+1 Mult per hand played, -1 Mult per discard (currently +5 Mult).'
>>> fill("X{x}[ (now {missing})]{y}", {"x": 1.5, "y": "."})
'X1.5.'
"""

from __future__ import annotations

import dataclasses
import re
import sys
from collections.abc import Callable, Mapping
from enum import Enum
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..kernel.components import Area
from ..kernel.content import (
    BlindType,
    BoosterType,
    ConsumableType,
    ContentType,
    DeckType,
    JokerType,
    StakeType,
    StickerType,
    TagType,
    VoucherType,
)
from ..kernel.enums import Edition, Enhancement, HandType, Seal, Suit
from ..kernel.errors import UnknownNameError
from . import reference
from .blinds import Blind
from .cards import Card
from .jokers import Consumable, CopiedJoker, Joker
from .state import Phase

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "DESCRIPTION_FILE",
    "describe",
    "describe_card",
    "describe_edition",
    "describe_stickers",
    "fill",
    "find_content",
    "template",
    "values_for",
    "vanilla_descriptions",
]

#: The vanilla descriptions, in the package's ``data`` folder.
DESCRIPTION_FILE = "descriptions.toml"

#: Sections of the file that describe content (the others: parts of playing cards, stickers).
CONTENT_SECTIONS = (
    "joker",
    "tarot",
    "planet",
    "spectral",
    "voucher",
    "tag",
    "blind",
    "deck",
    "stake",
    "booster",
)

#: Families searched, in this order, when content is named rather than keyed.
FAMILIES: tuple[type[ContentType], ...] = (
    JokerType,
    ConsumableType,
    VoucherType,
    TagType,
    BlindType,
    BoosterType,
    DeckType,
    StakeType,
)

#: Something :func:`describe` takes.
Describable = str | ContentType | Joker | CopiedJoker | Consumable | Blind | Card

_RANK_WORDS = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
_TOKEN = re.compile(r"\[([^\[\]]*)\]|\{([^{}]*)\}")
#: Tables merged into the top of the values, so ``{extra}`` works as well as ``{config.extra}``.
_MERGED_TABLES = ("config", "modifiers", "debuff")


class _Missing(Exception):
    """A placeholder has no value."""


# -- the description table -----------------------------------------------------------------
@cache
def _sections() -> dict[str, dict[str, str]]:
    text = resources.files("balatro_ecs.game").joinpath("data", DESCRIPTION_FILE).read_text("utf-8")
    data = tomllib.loads(text)
    return {
        name: {str(k): str(v) for k, v in section.items()}
        for name, section in data.items()
        if isinstance(section, dict)
    }


def vanilla_descriptions() -> dict[str, str]:
    """The vanilla description templates by content key (``data/descriptions.toml``)."""
    return dict(_vanilla())


@cache
def _vanilla() -> dict[str, str]:
    out: dict[str, str] = {}
    sections = _sections()
    for name in CONTENT_SECTIONS:
        out.update(sections.get(name, {}))
    return out


def template(content: ContentType) -> str | None:
    """The unfilled description of ``content``: its plugin's own, else the vanilla one.

    ``None`` when there is neither (then the content's ``effect`` is all there is).
    """
    if content.description.strip():
        return content.description
    found = _vanilla().get(content.key)
    if found is None and isinstance(content, StickerType):
        found = _sections().get("sticker", {}).get(content.key)
    return found


# -- filling ---------------------------------------------------------------------------------
def _number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(value: Any) -> str:
    """A value as a player reads it; raises :class:`_Missing` for no value."""
    if value is None or isinstance(value, bool):
        raise _Missing
    if isinstance(value, Enum):
        title = getattr(value, "title", None)
        if isinstance(title, str):
            return title
        return value.name.replace("_", " ").title()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, str):
        if not value:
            raise _Missing
        return value
    raise _Missing  # a table or a list is not something to print


def _lookup(values: Mapping[str, Any], path: str) -> str:
    value: Any = values
    for part in path.strip().split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, (list, tuple)) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise _Missing
    return _text(value)


def _fill_part(text: str, values: Mapping[str, Any], *, strict: bool) -> str:
    def field(match: re.Match[str]) -> str:
        try:
            return _lookup(values, match.group(1))
        except _Missing:
            if strict:
                raise
            return match.group(0)

    return re.sub(r"\{([^{}]*)\}", field, text)


def fill(text: str, values: Mapping[str, Any]) -> str:
    """Fill a description template from ``values`` (see the module docstring).

    Never raises: a placeholder without a value stays as written, an optional part with
    one is left out.

    >>> fill("+{extra.chips} Chips", {"extra": {"chips": 15}})
    '+15 Chips'
    >>> fill("Levels up [{hand}|a poker hand] by {n}", {"n": 3})
    'Levels up a poker hand by 3'
    >>> fill("{nothing} here", {})
    '{nothing} here'
    """

    def token(match: re.Match[str]) -> str:
        body, name = match.group(1), match.group(2)
        if body is None:
            try:
                return _lookup(values, name)
            except _Missing:
                return match.group(0)
        optional, _, fallback = body.partition("|")
        try:
            return _fill_part(optional, values, strict=True)
        except _Missing:
            return _fill_part(fallback, values, strict=False)

    try:
        return _TOKEN.sub(token, text)
    except Exception:  # a description must never stop the game being shown
        return text


# -- values worked out from the game ---------------------------------------------------------
Derive = Callable[["Game", Mapping[str, Any], object], Mapping[str, Any]]
_DERIVED: dict[str, Derive] = {}


def _derives(*keys: str) -> Callable[[Derive], Derive]:
    def register(function: Derive) -> Derive:
        for key in keys:
            _DERIVED[key] = function
        return function

    return register


def _rank_word(rank: int) -> str:
    return _RANK_WORDS.get(rank, str(rank))


def _owned(game: Game, item: object) -> bool:
    return any(joker is item for joker in game.jokers)


def _extra(values: Mapping[str, Any]) -> Any:
    return values["extra"]


@_derives("j_stencil")
def _stencil(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    # Each Stencil counts as an empty slot: the same total whether this one is owned yet.
    stencils = sum(1 for joker in game.jokers if joker.key == "j_stencil")
    return {"stencil_x": game.joker_limit - len(game.jokers) + stencils}


@_derives("j_banner")
def _banner(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    if game.phase is not Phase.ROUND:
        return {}
    return {"banner_chips": _extra(values) * game.run.discards_left}


@_derives("j_loyalty_card")
def _loyalty(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    every = int(_extra(values)["every"])
    out: dict[str, Any] = {"loyalty_every": every + 1}
    since = game.run.hands_played - int(values.get("hands_played_at_create", 0))
    if isinstance(item, Joker) and _owned(game, item):
        to_go = (every - since) % (every + 1)
        out["loyalty_left"] = "active on the next hand" if to_go == 0 else f"{to_go} hands to go"
    return out


@_derives("j_steel_joker")
def _steel(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"steel_x": 1 + _extra(values) * game.enhancement_counts()[Enhancement.STEEL]}


@_derives("j_stone")
def _stone(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"stone_chips": _extra(values) * game.enhancement_counts()[Enhancement.STONE]}


@_derives("j_abstract")
def _abstract(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    count = len(game.jokers) + (0 if _owned(game, item) else 1)
    return {"abstract_mult": _extra(values) * count}


@_derives("j_blue_joker")
def _blue(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"blue_chips": _extra(values) * len(game.area(Area.DECK))}


@_derives("j_cloud_9")
def _cloud_9(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    nines = sum(1 for card in game.playing_cards if card.rank == 9)
    return {"cloud_dollars": _extra(values) * nines}


@_derives("j_erosion")
def _erosion(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    missing = max(0, game.run.starting_deck_size - len(game.playing_cards))
    return {"erosion_mult": _extra(values) * missing}


@_derives("j_fortune_teller")
def _fortune(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"fortune_mult": _extra(values) * game.run.tarots_used}


@_derives("j_bull")
def _bull(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"bull_chips": _extra(values) * max(0, game.run.dollars)}


@_derives("j_bootstraps")
def _bootstraps(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    extra = _extra(values)
    steps = max(0, game.run.dollars) // extra["dollars"]
    return {"bootstraps_mult": extra["mult"] * steps}


@_derives("j_swashbuckler")
def _swashbuckler(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    total = sum(joker.sell_value for joker in game.jokers if joker is not item)
    return {"swash_mult": values.get("mult", 1) * total}


@_derives("j_throwback")
def _throwback(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"throwback_x": 1 + _extra(values) * game.run.skips}


@_derives("j_satellite")
def _satellite(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"satellite_dollars": _extra(values) * len(game.run.planets_used)}


@_derives("j_drivers_license")
def _drivers_license(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    counts = game.enhancement_counts()
    enhanced = sum(n for kind, n in counts.items() if kind != Enhancement.NONE)
    return {"enhanced_cards": f"{enhanced} Enhanced"}


@_derives("j_caino")
def _caino(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"caino_x": values.get("caino_xmult", 1)}


@_derives("j_yorick")
def _yorick(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"yorick_left": values.get("yorick_discards", _extra(values)["discards"])}


@_derives("j_invisible")
def _invisible(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"invis_rounds": values.get("invis_rounds", 0)}


@_derives("j_todo_list")
def _todo(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"todo_hand": values.get("to_do_poker_hand", _extra(values)["poker_hand"])}


@_derives("j_mail")
def _mail(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"mail_rank": _rank_word(game.run.mail_rank)}


@_derives("j_ancient")
def _ancient(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"ancient_suit": Suit(game.run.ancient_suit).title}


@_derives("j_castle")
def _castle(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"castle_suit": Suit(game.run.castle_suit).title.rstrip("s")}


@_derives("j_idol")
def _idol(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    run = game.run
    return {"idol_card": f"{_rank_word(run.idol_rank)} of {Suit(run.idol_suit).title}"}


@_derives("c_fool")
def _fool(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    last = game.run.last_tarot_planet
    return {"fool_last": game.plugins.content(last).name if last else None}


@_derives("c_hermit")
def _hermit(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"hermit_gain": min(max(0, game.run.dollars), _extra(values))}


@_derives("c_temperance")
def _temperance(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    total = sum(joker.sell_value for joker in game.jokers)
    return {"temperance_gain": min(total, _extra(values))}


@_derives("c_ectoplasm")
def _ectoplasm(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"ecto_minus": game.run.ecto_minus}


@_derives("v_seed_money", "v_money_tree")
def _interest(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"interest_max": _extra(values) // 5}  # $1 of interest per $5 held


@_derives("tag_handy")
def _handy(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"handy_dollars": values["dollars_per_hand"] * game.run.hands_played}


@_derives("tag_garbage")
def _garbage(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"garbage_dollars": values["dollars_per_discard"] * game.run.unused_discards}


@_derives("tag_economy")
def _economy(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"economy_gain": min(max(0, game.run.dollars), values["max"])}


@_derives("tag_orbital")
def _orbital(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    run = game.run
    if run.tags_offered.get(run.blind_on_deck) != "tag_orbital":
        return {}
    hand = run.orbital_choices.get(str(run.ante), {}).get(run.blind_on_deck)
    return {"orbital_hand": hand}


@_derives("bl_ox")
def _ox(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"ox_hand": HandType(game.run.most_played_hand).title}


def _blind_memory(game: Game, key: str) -> Mapping[str, Any]:
    blind = game.blind
    return blind.memory if blind is not None and blind.key == key else {}


@_derives("bl_eye")
def _eye(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    used = _blind_memory(game, "bl_eye").get("hands_used") or ()
    return {"eye_hands": ", ".join(str(hand) for hand in used) or None}


@_derives("bl_mouth")
def _mouth(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"mouth_hand": _blind_memory(game, "bl_mouth").get("only_hand")}


@_derives("stake_orange")
def _perishable(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"perishable_rounds": game.run.perishable_rounds}


@_derives("stake_gold", "sticker_rental")
def _rental(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    return {"rental_rate": game.run.rental_rate}


@_derives("sticker_perishable")
def _perishable_left(game: Game, values: Mapping[str, Any], item: object) -> Mapping[str, Any]:
    # The rounds left on a joker (none once spent); the run's count for the sticker itself.
    rounds = values.get("value", game.run.perishable_rounds)
    return {"rounds": rounds} if isinstance(rounds, int) and rounds > 0 else {}


@cache
def _enhancement_names() -> dict[str, str]:
    rows = reference.table("enhancements").get("enhancement", [])
    return {row["key"]: str(row["name"]).removesuffix(" Card") for row in rows}


def _family_values(game: Game, content: ContentType, values: Mapping[str, Any]) -> dict[str, Any]:
    """Values every member of a family has: a tarot's enhancement, a planet's hand."""
    out: dict[str, Any] = {}
    if isinstance(content, ConsumableType):
        conv = values.get("mod_conv")
        if isinstance(conv, str) and conv in _enhancement_names():
            out["enhancement"] = _enhancement_names()[conv]
        if content.hand:
            row = reference.hand_table().get(content.hand)
            if row is not None:
                out["chips_per_level"] = row["chips_per_level"]
                out["mult_per_level"] = row["mult_per_level"]
            out["hand_level"] = game.run.hand(HandType.from_name(content.hand)).level
    return out


# -- building the values -----------------------------------------------------------------------
def values_for(
    game: Game, content: ContentType, state: Mapping[str, Any] | None = None, item: object = None
) -> dict[str, Any]:
    """Everything a description of ``content`` may name (see the module docstring).

    :param state: The live counters (``Joker.state``); a new joker's when omitted.
    :param item: The live joker, consumable or blind, if there is one.
    """
    values: dict[str, Any] = {}
    for f in dataclasses.fields(content):
        values[f.name] = getattr(content, f.name)
    for table in _MERGED_TABLES:
        merged = values.get(table)
        if isinstance(merged, Mapping):
            values.update(merged)
    if state is None and isinstance(content, JokerType):
        state = content.initial_state()
    if state:
        values.update(state)
    values["chance"] = game.run.probability
    extras: list[Callable[[], Mapping[str, Any]]] = [lambda: _family_values(game, content, values)]
    derive = _DERIVED.get(content.key)
    if derive is not None:
        extras.append(lambda: derive(game, values, item))
    for extra in extras:
        try:
            values.update(extra())
        except Exception:  # a value that cannot be worked out just stays unfilled
            continue
    return values


def find_content(game: Game, name: str) -> ContentType:
    """Content by key, or by name in any family (jokers first).

    :raises UnknownNameError: when nothing has that key or name.
    """
    try:
        return game.plugins.content(name)
    except UnknownNameError as err:
        first = err
    for family in FAMILIES:
        try:
            return game.plugins.find(family, name)
        except UnknownNameError:
            continue
    raise first


def describe(game: Game, item: Describable) -> str:
    """A short description of ``item`` for a player, with its current values.

    ``item`` is a content key or name (``"j_green_joker"``, ``"The Ox"``), a content
    declaration, a live :class:`~balatro_ecs.game.jokers.Joker` or
    :class:`~balatro_ecs.game.jokers.Consumable` (its counters fill the template), the
    active :class:`~balatro_ecs.game.blinds.Blind`, or a playing
    :class:`~balatro_ecs.game.cards.Card` (see :func:`describe_card`).

    :raises UnknownNameError: for a key or name that names nothing.
    """
    if isinstance(item, Card):
        return describe_card(game, item)
    state: Mapping[str, Any] | None = None
    live: object = None
    if isinstance(item, str):
        content = find_content(game, item)
    elif isinstance(item, ContentType):
        content = item
    else:
        content = item.type
        live = item
        state = getattr(item, "state", None)
    text = template(content)
    if text is None:
        return content.effect
    return fill(text, values_for(game, content, state, live))


# -- playing cards -----------------------------------------------------------------------------
def _part(game: Game, section: str, key: str, table: str, list_key: str, name: str) -> str:
    text = _sections().get(section, {}).get(key)
    rows = {row["key"]: row for row in reference.table(table).get(list_key, [])}
    row = rows.get(key, {})
    if text is None:
        return f"{name}: {row.get('effect', '')}".rstrip(": ")
    values = dict(row.get("config", {}))
    values["chance"] = game.run.probability
    return f"{row.get('name', name)}: {fill(text, values)}"


def describe_card(game: Game, card: Card) -> str:
    """A playing card for a player: rank and suit, then what its modifiers do.

    >>> from balatro_ecs import CardSpec, Enhancement, Game
    >>> game = Game(seed="DESCRIBE")
    >>> card = game.new_card(CardSpec(rank=13, suit=Suit.SPADES, enhancement=Enhancement.GLASS),
    ...                      Area.DECK)
    >>> describe_card(game, card)
    'King of Spades. Glass Card: X2 Mult when scored; 1 in 4 chance to break afterwards.'
    """
    if card.face_down:
        return "A face-down card."
    if card.enhancement == Enhancement.STONE:
        parts = []
    else:
        parts = [f"{_rank_word(card.rank)} of {Suit(card.suit).title}"]
    if card.enhancement != Enhancement.NONE:
        kind = Enhancement(card.enhancement)
        parts.append(
            _part(game, "enhancement", kind.key, "enhancements", "enhancement", kind.name.title())
        )
    if card.edition != Edition.NONE:
        edition = Edition(card.edition)
        parts.append(
            _part(game, "edition", edition.key, "editions", "edition", edition.name.title())
        )
    if card.seal != Seal.NONE:
        seal = Seal(card.seal).name.title()
        parts.append(_part(game, "seal", seal, "seals", "seal", f"{seal} Seal"))
    if card.perma_bonus:
        parts.append(f"+{card.perma_bonus} extra Chips")
    if card.debuffed:
        parts.append("Debuffed: it does nothing")
    return ". ".join(part.rstrip(".") for part in parts) + "."


def describe_edition(game: Game, edition: Edition) -> str:
    """What an edition does, for a player (``"Foil: +50 Chips."``); ``""`` for none.

    >>> from balatro_ecs import Game
    >>> describe_edition(Game(seed="DESCRIBE"), Edition.POLYCHROME)
    'Polychrome: X1.5 Mult.'
    """
    if edition == Edition.NONE:
        return ""
    kind = Edition(edition)
    return _part(game, "edition", kind.key, "editions", "edition", kind.name.title())


def describe_stickers(game: Game, joker: Joker) -> list[str]:
    """One sentence per sticker on ``joker``, in the stickers' order (Eternal, Rental,
    Perishable, a pack's): its template (:func:`template`) filled with the sticker's
    ``{value}`` on the joker; a sticker without one reads ``"Name: effect."``."""
    out: list[str] = []
    for key, value in joker.stickers.items():
        try:
            sticker = game.plugins.content(key)
        except UnknownNameError:
            continue  # a sticker of a plugin since removed: nothing to say
        text = template(sticker)
        if text is None:
            effect = sticker.effect.strip().rstrip(".")
            out.append(f"{sticker.name}: {effect}." if effect else f"{sticker.name}.")
            continue
        out.append(fill(text, values_for(game, sticker, {"value": value}, joker)))
    return out

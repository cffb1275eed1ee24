"""Descriptions written for players, with the numbers of the moment filled in.

Every piece of content may carry a short sentence for players, its ``description``
(:attr:`ContentType.description <balatro_ecs.kernel.content.ContentType.description>`; the
vanilla pack fills it from its ``data/descriptions.toml``). :func:`describe` shows it, or
else the content's ``effect`` text, as written.

A description is a template. ``{path}`` is replaced by a value found by that dotted path
among, in increasing priority:

* the content's fields (``{cards}`` of a booster pack, ``{mult}`` of a blind) and its
  tables merged in at the top (``config``, a stake's ``modifiers``, a blind's ``debuff``),
  reachable by path too (``{extra.hand_add}``);
* the live counters of a joker or consumable (``Joker.state``), so ``{mult}`` of a Green
  Joker is what it gives now (for content named by key: the counters a new one starts with);
* ``{chance}`` (the "1" of "1 in 4", which Oops! All 6s doubles) and what every member of
  a family has: a Tarot's ``{enhancement}``, a Planet's ``{hand_level}``,
  ``{chips_per_level}`` and ``{mult_per_level}``;
* what the content's own plugin works out from the game, through its
  ``content_describe`` hook (Abstract Joker's total, The Idol's card of the round).

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
from collections.abc import Callable, Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..kernel.content import (
    BlindType,
    BoosterType,
    ConsumableType,
    ContentType,
    DeckType,
    EnhancementType,
    JokerType,
    PokerHandType,
    StakeType,
    TagType,
    VoucherType,
)
from ..kernel.enums import Edition, Enhancement, HandType, Seal, Suit
from ..kernel.errors import UnknownNameError
from .blinds import Blind
from .cards import Card
from .jokers import Consumable, CopiedJoker, Joker

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "describe",
    "describe_card",
    "describe_edition",
    "describe_stickers",
    "fill",
    "find_content",
    "rank_word",
    "template",
    "values_for",
]

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


def template(content: ContentType) -> str | None:
    """The unfilled description of ``content`` (``None`` when it has none: then its
    ``effect`` is all there is)."""
    return content.description if content.description.strip() else None


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
def rank_word(rank: int) -> str:
    """A rank as a player reads it: ``"7"``, ``"Jack"``, ..., ``"Ace"``."""
    return _RANK_WORDS.get(rank, str(rank))


def _family_values(game: Game, content: ContentType, values: Mapping[str, Any]) -> dict[str, Any]:
    """Values every member of a family has: a Tarot's enhancement (by its ``mod_conv``), a
    Planet's hand (its level and what a level adds)."""
    out: dict[str, Any] = {}
    if isinstance(content, ConsumableType):
        conv = values.get("mod_conv")
        if isinstance(conv, str):
            enhancement = game.plugins._content.get(conv)
            if isinstance(enhancement, EnhancementType):
                out["enhancement"] = enhancement.name.removesuffix(" Card")
        if content.hand:
            hand = HandType.from_name(content.hand)
            for declared in game.plugins.all(PokerHandType):
                if declared.kind == hand:
                    out["chips_per_level"] = declared.level_chips
                    out["mult_per_level"] = declared.level_mult
            out["hand_level"] = game.run.hand(hand).level
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
    derive = game.plugins.impl("content_describe", content.key)
    if derive is not None:
        extras.append(lambda: derive(game, content, values, item) or {})
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
def _part(game: Game, key: str, name: str) -> str:
    """A card modifier's sentence: its content's name and description (filled from its
    ``config``), ``"Name: effect"`` without one, ``name`` for a kind no plugin declares."""
    content = game.plugins._content.get(key)
    if content is None:
        return name
    text = template(content)
    if text is None:
        return f"{content.name}: {content.effect}".rstrip(": ")
    values: dict[str, Any] = dict(getattr(content, "config", None) or {})
    values["chance"] = game.run.probability
    return f"{content.name}: {fill(text, values)}"


def describe_card(game: Game, card: Card) -> str:
    """A playing card for a player: rank and suit, then what its modifiers do.

    >>> from balatro_ecs import CardSpec, Enhancement, Game
    >>> from balatro_ecs.kernel.components import Area
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
        parts = [f"{rank_word(card.rank)} of {Suit(card.suit).title}"]
    if card.enhancement != Enhancement.NONE:
        kind = Enhancement(card.enhancement)
        parts.append(_part(game, kind.key, kind.name.title()))
    if card.edition != Edition.NONE:
        edition = Edition(card.edition)
        parts.append(_part(game, edition.key, edition.name.title()))
    if card.seal != Seal.NONE:
        seal = Seal(card.seal)
        parts.append(_part(game, seal.key, f"{seal.name.title()} Seal"))
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
    return _part(game, kind.key, kind.name.title())


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

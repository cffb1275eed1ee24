"""Write balatro_ecs plugins: new jokers, blinds, decks, consumables, consumable sets,
booster packs, enhancements, editions, seals, poker hands and stickers.

Quickstart -- a joker that gives +7 Mult for every scored 7::

    # lucky7/__init__.py
    from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

    JOKER = JokerType(key="j_lucky7_seven", name="Lucky Seven", rarity=1, cost=5,
                      effect="Each scored 7 gives +7 Mult.")
    balatro_content = content(JOKER)

    @hookimpl
    def joker_individual(ctx, joker, card):
        if card.rank == 7:
            return Effect(mult=7)

and advertise it in your package's ``pyproject.toml``::

    [project.entry-points.balatro_ecs]
    lucky7 = "lucky7"

After ``pip install``, every new game finds "Lucky Seven" by name, in scenarios and on
the command line. Hook names, their arguments and when they are called are listed in
:mod:`balatro_ecs.kernel.hookspecs` (and ``docs/hooks.md``). Keys are namespaced
(``j_<pack>_<name>``) so that packs cannot collide; users can block a plugin by name or
key (``--block j_lucky7_seven``).

A module may register more plugins by listing them in ``balatro_plugins`` (module names
or plugin objects), which is how the vanilla content is loaded.

Hooks that get the game get it as a :class:`GameCommands`: what a plugin may read and call
on it (annotate ``game: GameCommands`` to have a type checker hold you to it). A plugin adds
systems to any event of the run with ``balatro_run_systems`` (a :class:`System` naming its
event, phase and order) and may declare events of its own (``balatro_run_events``, an
:class:`Event`).

Helpers a pack's rules share with the game's own: the selection rules
(:func:`select_cards`, :func:`change_each`, :data:`NO_HAND`), the spellings of suits,
enhancements and seals (:func:`parse_suit`, ...), the cards in the order the game's random
picks of a card draw from (:func:`ranked_by_creation`), a rank as a player reads it
(:func:`rank_word`). Bad content raises :class:`ContentError`.

The vanilla game's tables (its jokers' numbers, ...) belong to the vanilla pack:
``from balatro_ecs_vanilla import reference``. ``balatro_ecs.plugin.reference`` still
names that module for packs written before (it is loaded when first asked for).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .game.blinds import Blind, Deck
from .game.cards import NO_RANK, Card, CardSpec, ranked_by_creation
from .game.commands import GameCommands
from .game.describe import rank_word
from .game.hands import DetectCard, HandParts
from .game.jokers import Consumable, CopiedJoker, Joker
from .game.rules import Rules
from .game.run.flow import EventContext
from .game.run.packs import pack_consumable, pack_joker, pack_playing_card
from .game.scoring.context import ScoringContext
from .game.selection import NO_HAND, change_each, select_cards
from .game.state import Phase
from .game.stickers import StickerRoll
from .kernel.components import Area
from .kernel.content import (
    BlindType,
    BoosterType,
    ConsumableSetType,
    ConsumableType,
    ContentType,
    DeckType,
    EditionType,
    EnhancementType,
    JokerType,
    PokerHandType,
    RarityType,
    SealType,
    StakeType,
    StickerType,
    TagType,
    VoucherType,
)
from .kernel.effects import Effect
from .kernel.enums import (
    HAND_ITERATION_ORDER,
    HAND_NAMES,
    Edition,
    Enhancement,
    HandType,
    Seal,
    Suit,
    hand_iteration_order,
    parse_enhancement,
    parse_seal,
    parse_suit,
)
from .kernel.errors import ContentError
from .kernel.hookspecs import by_count, hookimpl
from .kernel.quantities import lua_floor, to_double
from .kernel.schedule import Event, System

__all__ = [
    "HAND_ITERATION_ORDER",
    "HAND_NAMES",
    "NO_HAND",
    "NO_RANK",
    "Area",
    "Blind",
    "BlindType",
    "BoosterType",
    "Card",
    "CardSpec",
    "Consumable",
    "ConsumableSetType",
    "ConsumableType",
    "ContentError",
    "ContentType",
    "CopiedJoker",
    "Deck",
    "DeckType",
    "DetectCard",
    "Edition",
    "EditionType",
    "Effect",
    "Enhancement",
    "EnhancementType",
    "Event",
    "EventContext",
    "GameCommands",
    "HandParts",
    "HandType",
    "Joker",
    "JokerType",
    "Phase",
    "PokerHandType",
    "RarityType",
    "Rules",
    "ScoringContext",
    "Seal",
    "SealType",
    "StakeType",
    "StickerRoll",
    "StickerType",
    "Suit",
    "System",
    "TagType",
    "VoucherType",
    "by_count",
    "change_each",
    "content",
    "hand_iteration_order",
    "hookimpl",
    "lua_floor",
    "pack_consumable",
    "pack_joker",
    "pack_playing_card",
    "parse_enhancement",
    "parse_seal",
    "parse_suit",
    "rank_word",
    "ranked_by_creation",
    "select_cards",
    "to_double",
]


def __getattr__(name: str) -> Any:
    """``reference``: the vanilla pack's tables (``balatro_ecs_vanilla.reference``), for
    packs written when this module carried them."""
    if name == "reference":
        return importlib.import_module("balatro_ecs_vanilla.reference")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def content(declaration: ContentType) -> Callable[[], ContentType]:
    """A ready-made ``balatro_content`` hook implementation returning ``declaration``.

    Assign it to a module attribute named ``balatro_content``.
    """

    @hookimpl
    def balatro_content() -> ContentType:
        return declaration

    return balatro_content

"""Rule shapes shared by several Tarot cards: the same rule with other numbers.

Each function takes the card's :class:`~balatro_ecs.content.ConsumableType` and returns a
hook implementation, its numbers read from the card's reference config; a tarot module
assigns it to the hook's name, e.g.::

    consumable_can_use = _shapes.select_cards(TAROT)
    consumable_use = _shapes.enhance(TAROT)

Facts (tarots.toml, the game's ``Card:can_use_consumeable`` and ``Card:use_consumeable``):

* A card that acts on selected cards needs a hand to select from (a round, or an open
  Arcana or Spectral pack) and between ``min_highlighted`` (default 1) and
  ``max_highlighted`` selected cards.
* A card that creates consumables needs a free consumable slot, unless it is itself in
  the consumable row: it leaves its slot before it acts, so the slot it frees counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from balatro_ecs.enums import parse_enhancement, parse_suit
from balatro_ecs.plugin import ConsumableType, by_count, hookimpl
from balatro_ecs.pools import EMPTY_POOL_FALLBACK, consumable_pool, draw_pool

__all__ = [
    "change_each",
    "change_suit",
    "create_consumables",
    "enhance",
    "free_consumable_slots",
    "needs_consumable_room",
    "select_cards",
]

Hook = Callable[..., Any]

#: Why a card that acts on selected cards cannot be used when no hand is dealt.
NO_HAND = "no cards in hand to select (only during a round or in an open Arcana or Spectral pack)"


def _selection(ttype: ConsumableType) -> tuple[int, int, str]:
    most = int(ttype.config["max_highlighted"])
    least = int(ttype.config.get("min_highlighted", 1))
    if least == most:
        wanted = f"select {most} card{'s' if most > 1 else ''} in hand"
    else:
        wanted = f"select {least} to {most} cards in hand"
    return least, most, wanted


def select_cards(ttype: ConsumableType) -> Hook:
    """Usable on ``min_highlighted``..``max_highlighted`` selected cards in hand."""
    least, most, wanted = _selection(ttype)

    @by_count  # only how many cards are selected matters
    @hookimpl
    def consumable_can_use(game: Any, consumable: Any, targets: Any) -> bool | str:
        if not game.hand:
            return NO_HAND
        if least <= len(targets) <= most:
            return True
        return f"{wanted} ({len(targets)} selected)"

    return consumable_can_use


def change_each(change: Callable[[Any], None]) -> Hook:
    """``consumable_use`` that applies ``change`` to each selected card, then lets the game
    know the card changed (the blind's debuff is checked again)."""

    @hookimpl
    def consumable_use(game: Any, consumable: Any, targets: Any) -> None:
        for card in targets:
            change(card)
            game.card_changed(card, consumable.name)

    return consumable_use


def enhance(ttype: ConsumableType) -> Hook:
    """The selected cards become the enhancement ``mod_conv`` (The Magician & co.)."""
    enhancement = parse_enhancement(ttype.config["mod_conv"])
    return change_each(lambda card: card.set_enhancement(enhancement))


def change_suit(ttype: ConsumableType) -> Hook:
    """The selected cards become the suit ``suit_conv`` (The Star & co.)."""
    suit = parse_suit(ttype.config["suit_conv"])
    return change_each(lambda card: card.set_suit(suit))


def free_consumable_slots(game: Any, consumable: Any) -> int:
    """Consumable slots free once ``consumable`` has left its own (if it holds one)."""
    others = sum(1 for item in game.consumables if item is not consumable)
    return max(0, int(game.consumable_limit) - others)


@hookimpl
def needs_consumable_room(game: Any, consumable: Any, targets: Any) -> bool | str:
    """``consumable_can_use`` of a card that creates consumables (The Emperor & co.)."""
    if consumable in game.consumables or game.has_room_for_consumable():
        return True
    return "no free consumable slot"


def create_consumables(card_set: str, count: int, append: str) -> Hook:
    """Create up to ``count`` random ``card_set`` cards, as many as there is room for.

    They are drawn one by one from the pool on the stream ``card_set + append + ante``.
    The card being used is still in play while it acts (the game removes it once its
    animation ends), so the pool never offers it, even when it came from the shop or a
    pack rather than from the consumable row.
    """

    @hookimpl
    def consumable_use(game: Any, consumable: Any, targets: Any) -> None:
        for _ in range(min(count, free_consumable_slots(game, consumable))):
            pool, stream = consumable_pool(game, card_set, append)
            if not game.rules.allow_duplicates:
                pool = [None if key == consumable.key else key for key in pool]
            key = draw_pool(game, pool, stream, EMPTY_POOL_FALLBACK[card_set])
            made = game.add_consumable(key)
            game.record(consumable.name, "create", made.key, made)

    return consumable_use

"""Rule shapes shared by several Tarot cards: the same rule with other numbers.

The selection rules every pack may use (:func:`~balatro_ecs.plugin.select_cards`,
:func:`~balatro_ecs.plugin.change_each`) come from :mod:`balatro_ecs.plugin`. Each
function takes the card's :class:`~balatro_ecs.kernel.content.ConsumableType` and returns a
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

from balatro_ecs.plugin import (
    NO_HAND,
    ConsumableType,
    change_each,
    hookimpl,
    parse_enhancement,
    parse_suit,
    select_cards,
)

__all__ = [
    "NO_HAND",
    "change_each",
    "change_suit",
    "create_consumables",
    "enhance",
    "free_consumable_slots",
    "needs_consumable_room",
    "select_cards",
]

Hook = Callable[..., Any]


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
            exclude = () if game.rules.allow_duplicates else (consumable.key,)
            key = game.random_consumable(card_set, append, exclude=exclude)
            made = game.add_consumable(key)
            game.record(consumable.name, "create", made.key, made)

    return consumable_use

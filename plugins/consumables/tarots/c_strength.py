"""Strength: the selected cards (up to ``max_highlighted``) go up one rank.

A King becomes an Ace and an Ace wraps around to a 2. A Stone card's hidden rank goes up too.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_strength")
balatro_content = content(TAROT)
ACE, TWO = 14, 2

consumable_can_use = _shapes.select_cards(TAROT)


@hookimpl
def consumable_use(game, consumable, targets):
    for card in targets:
        before = card.spec()
        card.set_rank(TWO if card.base_rank == ACE else card.base_rank + 1)
        game.card_changed(card, consumable.name, before)

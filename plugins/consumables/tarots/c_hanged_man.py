"""The Hanged Man: destroys the selected cards (up to ``max_highlighted``).

The jokers then react to the cards lost, as after a hand: Glass Joker counts the Glass
cards (they shatter), Canio the face cards.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

TAROT = reference.tarot("c_hanged_man")
balatro_content = content(TAROT)

consumable_can_use = _shapes.select_cards(TAROT)


@hookimpl
def consumable_use(game, consumable, targets):
    game.destroy_cards(targets)

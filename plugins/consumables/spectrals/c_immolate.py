"""Immolate: destroys ``extra.destroy`` random cards in hand (all of them if fewer) and
gives ``extra.dollars``; needs 2 cards in hand.

Stream: the hand, in creation order, is shuffled on ``immolate``; the first cards go.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_immolate")
balatro_content = content(SPECTRAL)
DESTROY = int(SPECTRAL.config["extra"]["destroy"])
DOLLARS = int(SPECTRAL.config["extra"]["dollars"])

consumable_can_use = _shapes.whole_hand


@hookimpl
def consumable_use(game, consumable, targets):
    cards = _shapes.hand_by_creation(game)
    game.rng.shuffle("immolate", cards)
    game.destroy_cards(cards[:DESTROY], shatter_seen=False)
    game.earn(DOLLARS, consumable.name)

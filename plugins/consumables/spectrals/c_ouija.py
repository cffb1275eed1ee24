"""Ouija: every card in hand becomes one random rank, and the hand size is 1 smaller for
the rest of the run; needs 2 cards in hand.

Stream: the rank on ``ouija`` (drawn from 2 .. Ace). The blind's debuffs are checked again.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_ouija")
balatro_content = content(SPECTRAL)
RANKS = tuple(range(2, 15))
HAND_SIZE_LOST = 1

consumable_can_use = _shapes.whole_hand


@hookimpl
def consumable_use(game, consumable, targets):
    rank = game.rng.element("ouija", RANKS)
    for card in game.hand:
        before = card.spec()
        card.set_rank(rank)
        game.card_changed(card, consumable.name, before)
    game.change_hand_size(-HAND_SIZE_LOST, source=consumable.name)

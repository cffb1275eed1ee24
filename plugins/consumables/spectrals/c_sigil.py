"""Sigil: every card in hand becomes one random suit; needs 2 cards in hand.

Stream: the suit on ``sigil`` (drawn from S, H, D, C). Stone cards change their hidden
suit too; the blind's debuffs are checked again.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_sigil")
balatro_content = content(SPECTRAL)

consumable_can_use = _shapes.whole_hand


@hookimpl
def consumable_use(game, consumable, targets):
    suit = game.rng.element("sigil", _shapes.SUITS)
    for card in game.hand:
        before = card.spec()
        card.set_suit(suit)
        game.card_changed(card, consumable.name, before)

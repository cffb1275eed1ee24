"""Hex: a random joker without an edition becomes Polychrome; every other joker that is
not Eternal is destroyed.

Stream: the joker on ``hex`` (jokers in creation order).
"""

from balatro_ecs.plugin import Edition, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_hex")
balatro_content = content(SPECTRAL)

consumable_can_use = _shapes.needs_editionless_joker


@hookimpl
def consumable_use(game, consumable, targets):
    chosen = game.rng.element("hex", _shapes.editionless_jokers(game))
    game.set_edition(chosen, Edition.POLYCHROME)
    for joker in list(game.jokers):
        if joker is not chosen:
            game.destroy_joker(joker, consumable.name)

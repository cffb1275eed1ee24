"""Ectoplasm: a random joker without an edition becomes Negative; the hand size shrinks by
the run's ``ecto_minus`` (1 the first time, then 2, 3, ...), for the rest of the run.

Stream: the joker on ``ectoplasm`` (jokers in creation order).
"""

from balatro_ecs.plugin import Edition, content, hookimpl, reference

from . import _shapes

SPECTRAL = reference.spectral("c_ectoplasm")
balatro_content = content(SPECTRAL)

consumable_can_use = _shapes.needs_editionless_joker


@hookimpl
def consumable_use(game, consumable, targets):
    joker = game.rng.element("ectoplasm", _shapes.editionless_jokers(game))
    game.set_edition(joker, Edition.NEGATIVE)
    run = game.run
    game.change_hand_size(-run.ecto_minus, source=consumable.name)
    run.ecto_minus += 1

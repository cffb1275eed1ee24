"""Ectoplasm: a random joker without an edition becomes Negative; the hand size shrinks by
the run's ``ecto_minus`` (1 the first time, then 2, 3, ...), for the rest of the run: a
run-state slot of Ectoplasm's (``game.run.memory["ecto_minus"]``).

Stream: the joker on ``ectoplasm`` (jokers in creation order).
"""

from dataclasses import replace

from balatro_ecs.plugin import Edition, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = replace(reference.spectral("c_ectoplasm"), run_state={"ecto_minus": 1})
balatro_content = content(SPECTRAL)

consumable_can_use = _shapes.needs_editionless_joker


@hookimpl
def consumable_use(game, consumable, targets):
    joker = game.rng.element("ectoplasm", _shapes.editionless_jokers(game))
    game.set_edition(joker, Edition.NEGATIVE)
    run = game.run
    game.change_hand_size(-run.memory["ecto_minus"], source=consumable.name)
    run.memory["ecto_minus"] += 1


@hookimpl
def content_describe(game, values, item):
    return {"ecto_minus": game.run.memory["ecto_minus"]}

"""Constellation: gains X0.1 Mult each time a Planet card is used; gives the ×Mult."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_constellation")
balatro_content = content(JOKER)


@hookimpl
def joker_consumable_used(game, joker, consumable):
    if joker.copied_by is None and consumable.type.set == "Planet":
        joker.state["x_mult"] += joker.state["extra"]


joker_main = _shapes.x_mult_counter(JOKER)

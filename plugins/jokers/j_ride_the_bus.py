"""Ride the Bus: +1 Mult per hand played in a row without a scoring face card."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_ride_the_bus")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is not None:
        return None
    if any(card.is_face() for card in ctx.scoring):
        reset = joker.state["mult"] > 0
        joker.state["mult"] = 0
        return Effect(message="Reset") if reset else None
    joker.state["mult"] += joker.state["extra"]
    return None


joker_main = _shapes.mult_counter(JOKER)

"""Lucky Cat: gains X0.25 Mult each time a Lucky card hits."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_lucky_cat")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if ctx.lucky_trigger and joker.copied_by is None:
        joker.state["x_mult"] += joker.state["extra"]
        return Effect(message="Upgrade!")
    return None


joker_main = _shapes.x_mult_counter(JOKER)

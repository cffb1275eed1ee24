"""Square Joker: gains +4 Chips whenever exactly 4 cards are played."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_square")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is None and len(ctx.played) == 4:
        extra = joker.state["extra"]
        extra["chips"] += extra["chip_mod"]
        return Effect(message="Upgrade!")
    return None


joker_main = _shapes.chips_counter(JOKER)

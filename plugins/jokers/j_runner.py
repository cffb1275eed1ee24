"""Runner: gains +15 Chips whenever the played hand contains a Straight."""

from balatro_ecs.plugin import Effect, HandType, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_runner")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is None and ctx.contains(HandType.STRAIGHT):
        extra = joker.state["extra"]
        extra["chips"] += extra["chip_mod"]
        return Effect(message="Upgrade!")
    return None


joker_main = _shapes.chips_counter(JOKER)

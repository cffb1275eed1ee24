"""Space Joker: 1 in 4 chance to level up the played poker hand before it scores."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_space")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if ctx.chance("space", joker.state["extra"], joker):
        return Effect(level_up=1)
    return None

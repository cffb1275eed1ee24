"""Acrobat: X3 Mult on the last hand of the round."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_acrobat")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if ctx.run.hands_left == 0:
        return Effect.x_mult_of(joker.state["extra"])
    return None

"""Half Joker: +20 Mult if the hand was played with 3 or fewer cards."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_half")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    extra = joker.state["extra"]
    if len(ctx.played) <= extra["size"]:
        return Effect.mult_of(extra["mult"])
    return None

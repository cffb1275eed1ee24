"""Supernova: +Mult equal to the times this poker hand was played this run."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_supernova")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.mult_of(ctx.hand_stats().played)

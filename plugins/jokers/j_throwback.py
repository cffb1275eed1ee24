"""Throwback: X0.25 Mult for each blind skipped this run."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_throwback")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if ctx.run.skips > 0:
        return Effect.x_mult_of(1 + ctx.run.skips * joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    return {"throwback_x": 1 + values["extra"] * game.run.skips}

"""Bootstraps: +2 Mult for every $5 held."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_bootstraps")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    extra = joker.state["extra"]
    steps = ctx.dollars // extra["dollars"]
    if steps > 0:
        return Effect.mult_of(extra["mult"] * steps)
    return None


@hookimpl
def content_describe(game, values, item):
    extra = values["extra"]
    steps = max(0, game.run.dollars) // extra["dollars"]
    return {"bootstraps_mult": extra["mult"] * steps}

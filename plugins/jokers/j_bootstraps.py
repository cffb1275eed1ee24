"""Bootstraps: +2 Mult for every $5 held."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_bootstraps")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    extra = joker.state["extra"]
    steps = ctx.dollars // extra["dollars"]
    if steps > 0:
        return Effect.mult_of(extra["mult"] * steps)
    return None

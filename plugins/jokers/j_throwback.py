"""Throwback: X0.25 Mult for each blind skipped this run."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_throwback")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if ctx.run.skips > 0:
        return Effect.x_mult_of(1 + ctx.run.skips * joker.state["extra"])
    return None

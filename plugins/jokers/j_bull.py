"""Bull: +2 Chips for each dollar held."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_bull")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    dollars = ctx.dollars
    if dollars > 0:
        return Effect.chips_of(joker.state["extra"] * dollars)
    return None

"""Bull: +2 Chips for each dollar held."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_bull")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    dollars = ctx.dollars
    if dollars > 0:
        return Effect.chips_of(joker.state["extra"] * dollars)
    return None


@hookimpl
def content_describe(game, values, item):
    return {"bull_chips": values["extra"] * max(0, game.run.dollars)}

"""Steel Joker: X0.2 Mult for each Steel card in the full deck."""

from balatro_ecs.plugin import Effect, Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_steel_joker")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    steel = ctx.deck_enhancements()[Enhancement.STEEL]
    if steel > 0:
        return Effect.x_mult_of(1 + joker.state["extra"] * steel)
    return None


@hookimpl
def content_describe(game, values, item):
    return {"steel_x": 1 + values["extra"] * game.enhancement_counts()[Enhancement.STEEL]}

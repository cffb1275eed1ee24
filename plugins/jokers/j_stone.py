"""Stone Joker: +25 Chips for each Stone card in the full deck."""

from balatro_ecs.plugin import Effect, Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_stone")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    stones = ctx.deck_enhancements()[Enhancement.STONE]
    if stones > 0:
        return Effect.chips_of(joker.state["extra"] * stones)
    return None


@hookimpl
def content_describe(game, values, item):
    return {"stone_chips": values["extra"] * game.enhancement_counts()[Enhancement.STONE]}

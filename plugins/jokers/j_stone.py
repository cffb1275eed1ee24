"""Stone Joker: +25 Chips for each Stone card in the full deck."""

from balatro_ecs.plugin import Effect, Enhancement, content, hookimpl, reference

JOKER = reference.joker("j_stone")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    stones = ctx.deck_enhancements()[Enhancement.STONE]
    if stones > 0:
        return Effect.chips_of(joker.state["extra"] * stones)
    return None

"""Banner: +30 Chips for each discard left this round."""

from balatro_ecs.plugin import Effect, Phase, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_banner")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    discards = ctx.run.discards_left
    if discards > 0:
        return Effect.chips_of(discards * joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    if game.phase is not Phase.ROUND:
        return {}
    return {"banner_chips": values["extra"] * game.run.discards_left}

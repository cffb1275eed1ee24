"""Banner: +30 Chips for each discard left this round."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_banner")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    discards = ctx.run.discards_left
    if discards > 0:
        return Effect.chips_of(discards * joker.state["extra"])
    return None

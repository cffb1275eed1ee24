"""Blue Joker: +2 Chips for each card left in the draw pile."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_blue_joker")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    remaining = ctx.draw_pile_size()
    if remaining > 0:
        return Effect.chips_of(joker.state["extra"] * remaining)
    return None

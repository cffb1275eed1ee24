"""Ancient Joker: each scored card of the round's suit gives X1.5 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_ancient")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_suit(ctx.run.ancient_suit):
        return Effect.x_mult_of(joker.state["extra"])
    return None

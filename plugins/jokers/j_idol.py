"""The Idol: each scored card of the round's rank and suit gives X2 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_idol")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    run = ctx.run
    if card.rank == run.idol_rank and card.is_suit(run.idol_suit):
        return Effect.x_mult_of(joker.state["extra"])
    return None

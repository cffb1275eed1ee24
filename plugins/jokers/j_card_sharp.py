"""Card Sharp: X3 Mult if this poker hand was already played this round."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_card_sharp")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if ctx.hand_stats().played_this_round > 1:
        return Effect.x_mult_of(joker.state["extra"]["Xmult"])
    return None

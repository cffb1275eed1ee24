"""Bloodstone: each scored Heart has a 1 in 2 chance to give X1.5 Mult."""

from balatro_ecs.plugin import Effect, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_bloodstone")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    extra = joker.state["extra"]
    if card.is_suit(Suit.HEARTS) and ctx.chance("bloodstone", extra["odds"], joker):
        return Effect.x_mult_of(extra["Xmult"])
    return None

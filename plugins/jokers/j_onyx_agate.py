"""Onyx Agate: each scored Club gives +7 Mult."""

from balatro_ecs.plugin import Effect, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_onyx_agate")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_suit(Suit.CLUBS):
        return Effect.mult_of(joker.state["extra"])
    return None

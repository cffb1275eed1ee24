"""Blackboard: X3 Mult if every card held in hand is a Spade or a Club."""

from balatro_ecs.plugin import Effect, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_blackboard")
balatro_content = content(JOKER)


_BLACK = (1 << Suit.SPADES) | (1 << Suit.CLUBS)


@hookimpl
def joker_main(ctx, joker):
    if all(card.flush_suits() & _BLACK for card in ctx.held):
        return Effect.x_mult_of(joker.state["extra"])
    return None

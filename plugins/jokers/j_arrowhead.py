"""Arrowhead: each scored Spade gives +50 Chips."""

from balatro_ecs.plugin import Effect, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_arrowhead")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_suit(Suit.SPADES):
        return Effect.chips_of(joker.state["extra"])
    return None

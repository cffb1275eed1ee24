"""Rough Gem: each scored Diamond gives $1."""

from balatro_ecs.plugin import Effect, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_rough_gem")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_suit(Suit.DIAMONDS):
        return Effect.dollars_of(joker.state["extra"])
    return None

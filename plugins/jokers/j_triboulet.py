"""Triboulet: each scored King or Queen gives X2 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_triboulet")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank == 12 or card.rank == 13:
        return Effect.x_mult_of(joker.state["extra"])
    return None

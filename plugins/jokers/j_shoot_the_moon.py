"""Shoot the Moon: each Queen held in hand gives +13 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_shoot_the_moon")
balatro_content = content(JOKER)


@hookimpl
def joker_held_individual(ctx, joker, card):
    if card.rank == 12:
        if card.debuffed:
            return Effect(message="debuffed")
        return Effect.mult_of(joker.state["extra"])
    return None

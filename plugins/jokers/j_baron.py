"""Baron: each King held in hand gives X1.5 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_baron")
balatro_content = content(JOKER)


@hookimpl
def joker_held_individual(ctx, joker, card):
    if card.rank == 13:
        if card.debuffed:
            return Effect(message="debuffed")
        return Effect.x_mult_of(joker.state["extra"])
    return None

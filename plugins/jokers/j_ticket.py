"""Golden Ticket: each scored Gold card gives $4."""

from balatro_ecs.plugin import Effect, Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_ticket")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.enhancement == Enhancement.GOLD:
        return Effect.dollars_of(joker.state["extra"])
    return None

"""Even Steven: each scored 10, 8, 6, 4 or 2 gives +4 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_even_steven")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    rank = card.rank
    if 0 <= rank <= 10 and rank % 2 == 0:
        return Effect.mult_of(joker.state["extra"])
    return None

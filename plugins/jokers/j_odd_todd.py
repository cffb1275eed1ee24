"""Odd Todd: each scored Ace, 9, 7, 5 or 3 gives +31 Chips."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_odd_todd")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    rank = card.rank
    if (0 <= rank <= 10 and rank % 2 == 1) or rank == 14:
        return Effect.chips_of(joker.state["extra"])
    return None

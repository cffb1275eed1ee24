"""Fibonacci: each scored Ace, 2, 3, 5 or 8 gives +8 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_fibonacci")
balatro_content = content(JOKER)


_RANKS = frozenset({14, 2, 3, 5, 8})


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank in _RANKS:
        return Effect.mult_of(joker.state["extra"])
    return None

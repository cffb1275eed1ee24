"""Scholar: each scored Ace gives +20 Chips and +4 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_scholar")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank == 14:
        extra = joker.state["extra"]
        return Effect(chips=extra["chips"], mult=extra["mult"])
    return None

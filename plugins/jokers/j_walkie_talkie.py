"""Walkie Talkie: each scored 10 or 4 gives +10 Chips and +4 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_walkie_talkie")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank == 10 or card.rank == 4:
        extra = joker.state["extra"]
        return Effect(chips=extra["chips"], mult=extra["mult"])
    return None

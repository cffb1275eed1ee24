"""Hanging Chad: retriggers the first scoring card twice more."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_hanging_chad")
balatro_content = content(JOKER)


@hookimpl
def joker_repetition(ctx, joker, card):
    if ctx.scoring and card is ctx.scoring[0]:
        return joker.state["extra"]
    return None

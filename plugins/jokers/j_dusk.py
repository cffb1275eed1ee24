"""Dusk: retriggers every scored card on the last hand of the round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_dusk")
balatro_content = content(JOKER)


@hookimpl
def joker_repetition(ctx, joker, card):
    if ctx.run.hands_left == 0:
        return joker.state["extra"]
    return None

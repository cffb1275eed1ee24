"""Mime: retriggers the effects of every card held in hand (when they have one)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_mime")
balatro_content = content(JOKER)


@hookimpl
def joker_held_repetition(ctx, joker, card):
    return joker.state["extra"]

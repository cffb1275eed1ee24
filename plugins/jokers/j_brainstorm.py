"""Brainstorm: copies the ability of the leftmost joker."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_brainstorm")
balatro_content = content(JOKER)


@hookimpl
def joker_copy_target(joker, jokers):
    return 0

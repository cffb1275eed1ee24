"""Blueprint: copies the ability of the joker to its right."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_blueprint")
balatro_content = content(JOKER)


@hookimpl
def joker_copy_target(joker, jokers):
    return joker.slot + 1

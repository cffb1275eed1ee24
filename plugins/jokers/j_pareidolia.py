"""Pareidolia: every card counts as a face card."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_pareidolia")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.all_faces = True

"""Shortcut: Straights may skip single missing ranks (10 8 6 5 3)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_shortcut")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.straight_skips = True

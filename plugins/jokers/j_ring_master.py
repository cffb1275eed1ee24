"""Showman: jokers and consumables already owned can appear again in pools."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_ring_master")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.allow_duplicates = True

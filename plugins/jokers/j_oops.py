"""Oops! All 6s: doubles every listed probability."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_oops")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.probability_scale *= 2

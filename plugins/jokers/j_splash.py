"""Splash: every played card counts in scoring."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_splash")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.all_played_score = True

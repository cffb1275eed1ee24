"""Troubadour: +2 hand size, one hand fewer each round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_troubadour")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    extra = joker.state["extra"]
    rules.hand_size_delta += extra["h_size"]
    rules.hands_delta += extra["h_plays"]

"""Drunkard: +1 discard each round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_drunkard")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.discards_delta += joker.state["d_size"]

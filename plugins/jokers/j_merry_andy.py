"""Merry Andy: +3 discards each round, -1 hand size."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_merry_andy")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.discards_delta += joker.state["d_size"]
    rules.hand_size_delta += joker.state["h_size"]

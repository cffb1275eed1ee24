"""Chaos the Clown: one free shop reroll each round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_chaos")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.free_rerolls += joker.state["extra"]

"""Credit Card: money may go down to -$20."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_credit_card")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.debt_limit += joker.state["extra"]

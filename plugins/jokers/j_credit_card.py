"""Credit Card: money may go down to -$20."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_credit_card")
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    rules.debt_limit += joker.state["extra"]

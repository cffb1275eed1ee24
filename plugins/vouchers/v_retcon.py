"""Retcon: the Boss Blind can be rerolled any number of times for $10 each."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_retcon")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_rules(game, voucher, rules):
    rules.boss_reroll_unlimited = True
    rules.boss_reroll_cost = voucher.config["extra"]

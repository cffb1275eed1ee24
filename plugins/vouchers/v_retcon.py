"""Retcon: the Boss Blind can be rerolled any number of times for $10 each."""

from balatro_ecs.plugin import content, hookimpl, reference

VOUCHER = reference.voucher("v_retcon")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_rules(game, voucher, rules):
    rules.boss_reroll_unlimited = True

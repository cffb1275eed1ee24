"""Director's Cut: the Boss Blind can be rerolled once per ante for $10."""

from balatro_ecs.plugin import content, hookimpl, reference

VOUCHER = reference.voucher("v_directors_cut")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_rules(game, voucher, rules):
    rules.boss_reroll_once_per_ante = True

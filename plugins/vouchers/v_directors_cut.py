"""Director's Cut: the Boss Blind can be rerolled once per ante for $10."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_directors_cut")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_rules(game, voucher, rules):
    rules.boss_reroll_once_per_ante = True
    rules.boss_reroll_cost = voucher.config["extra"]

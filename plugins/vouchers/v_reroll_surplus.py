"""Reroll Surplus: rerolls cost $2 less."""

from balatro_ecs.plugin import content, hookimpl, reference
from balatro_ecs.run.shop import recalculate_reroll

VOUCHER = reference.voucher("v_reroll_surplus")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.run.reroll_cost -= voucher.config["extra"]
    recalculate_reroll(game, skip_increment=True)

"""Tarot Tycoon: Tarot cards appear more often in the shop."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_tarot_tycoon")
balatro_content = content(VOUCHER)


BASE_RATE = reference.table("rules")["run_start"]["shop_rates"]["tarot"]


@hookimpl
def voucher_redeem(game, voucher):
    rate = max(game.shop_rate("Tarot"), BASE_RATE * voucher.config["extra"])
    game.set_shop_rate("Tarot", rate, source=voucher.name)

"""Clearance Sale: everything in the shop is 25% off."""

from balatro_ecs.plugin import content, hookimpl, reference
from balatro_ecs.run.shop import reprice_shop

VOUCHER = reference.voucher("v_clearance_sale")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.run.discount_percent = max(game.run.discount_percent, voucher.config["extra"])
    reprice_shop(game)

"""Overstock Plus: one more card slot in the shop."""

from balatro_ecs.game.run.shop import add_shop_slot
from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_overstock_plus")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    add_shop_slot(game)

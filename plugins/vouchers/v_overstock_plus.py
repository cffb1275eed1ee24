"""Overstock Plus: one more card slot in the shop."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_overstock_plus")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.add_shop_slots(1, source=voucher.name)

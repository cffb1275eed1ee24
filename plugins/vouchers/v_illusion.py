"""Illusion: playing cards in the shop may be enhanced or have an edition."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_illusion")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_rules(game, voucher, rules):
    rules.shop_card_modifiers = True

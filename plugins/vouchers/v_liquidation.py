"""Liquidation: everything in the shop is 50% off."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

VOUCHER = reference.voucher("v_liquidation")
balatro_content = content(VOUCHER)

voucher_redeem = _shapes.shop_discount()

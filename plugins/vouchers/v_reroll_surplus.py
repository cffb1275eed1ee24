"""Reroll Surplus: rerolls cost $2 less."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

VOUCHER = reference.voucher("v_reroll_surplus")
balatro_content = content(VOUCHER)

voucher_redeem = _shapes.cheaper_rerolls()

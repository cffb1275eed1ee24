"""Petroglyph: back one ante, and one discard fewer every round."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

VOUCHER = reference.voucher("v_petroglyph")
balatro_content = content(VOUCHER)

voucher_redeem = _shapes.back_one_ante("discards")

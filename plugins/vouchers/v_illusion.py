"""Illusion: playing cards in the shop may be enhanced or have an edition."""

from balatro_ecs.plugin import content, reference

VOUCHER = reference.voucher("v_illusion")
balatro_content = content(VOUCHER)

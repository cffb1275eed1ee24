"""Blank: does nothing."""

from balatro_ecs.plugin import content, reference

VOUCHER = reference.voucher("v_blank")
balatro_content = content(VOUCHER)

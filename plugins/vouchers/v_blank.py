"""Blank: does nothing."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_blank")
balatro_content = content(VOUCHER)

"""Retcon: the Boss Blind can be rerolled any number of times for $10 each."""

from balatro_ecs.plugin import content, reference

VOUCHER = reference.voucher("v_retcon")
balatro_content = content(VOUCHER)

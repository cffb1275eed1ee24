"""Telescope: every Celestial pack offers the Planet of the most played hand."""

from balatro_ecs.plugin import content, reference

VOUCHER = reference.voucher("v_telescope")
balatro_content = content(VOUCHER)

"""Omen Globe: cards in Arcana packs may be Spectral cards (one in five)."""

from balatro_ecs.plugin import content, reference

VOUCHER = reference.voucher("v_omen_globe")
balatro_content = content(VOUCHER)

"""Director's Cut: the Boss Blind can be rerolled once per ante for $10."""

from balatro_ecs.plugin import content, reference

VOUCHER = reference.voucher("v_directors_cut")
balatro_content = content(VOUCHER)

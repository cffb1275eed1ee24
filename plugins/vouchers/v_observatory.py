"""Observatory: each held Planet gives X1.5 Mult when its poker hand scores."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_observatory")
balatro_content = content(VOUCHER)

"""Stone Card: +50 Chips instead of its rank's; no rank, no suit; always scores
(declared: no hook)."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla.numbers import STONE_CHIPS

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_stone", chips=STONE_CHIPS, no_rank=True)
balatro_content = content(ENHANCEMENT)

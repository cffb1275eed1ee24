"""Bonus Card: +30 Chips when scored, on top of its rank's (declared: no hook)."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla.numbers import BONUS_CHIPS

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_bonus", chips=BONUS_CHIPS)
balatro_content = content(ENHANCEMENT)

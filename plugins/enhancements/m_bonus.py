"""Bonus Card: +30 Chips when scored, on top of its rank's (declared: no hook)."""

from balatro_ecs.game.numbers import BONUS_CHIPS
from balatro_ecs.plugin import content

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_bonus", chips=BONUS_CHIPS)
balatro_content = content(ENHANCEMENT)

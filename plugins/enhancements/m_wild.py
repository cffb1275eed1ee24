"""Wild Card: counts as every suit while not debuffed (declared: no hook)."""

from balatro_ecs.plugin import content

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_wild", any_suit=True)
balatro_content = content(ENHANCEMENT)

"""Satellite: pays $1 per distinct Planet card used this run at cash-out.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_satellite")
balatro_content = content(JOKER)

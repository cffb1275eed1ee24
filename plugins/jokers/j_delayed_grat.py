"""Delayed Gratification: pays $2 per discard left at cash-out if none was used.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_delayed_grat")
balatro_content = content(JOKER)

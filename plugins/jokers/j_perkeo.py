"""Perkeo: creates a Negative copy of a random consumable when leaving the shop.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_perkeo")
balatro_content = content(JOKER)

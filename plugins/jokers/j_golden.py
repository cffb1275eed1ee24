"""Golden Joker: pays $4 at cash-out. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_golden")
balatro_content = content(JOKER)

"""Cloud 9: pays $1 per 9 in the full deck at cash-out. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_cloud_9")
balatro_content = content(JOKER)

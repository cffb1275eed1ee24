"""Burglar: +3 hands and no discards when a blind is selected. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_burglar")
balatro_content = content(JOKER)

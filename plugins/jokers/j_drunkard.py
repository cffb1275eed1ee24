"""Drunkard: +1 discard each round. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_drunkard")
balatro_content = content(JOKER)

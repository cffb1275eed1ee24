"""Egg: gains $3 of sell value at the end of every round. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_egg")
balatro_content = content(JOKER)

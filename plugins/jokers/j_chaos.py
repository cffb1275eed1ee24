"""Chaos the Clown: one free shop reroll per round. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_chaos")
balatro_content = content(JOKER)

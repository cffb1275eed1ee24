"""Troubadour: +2 hand size, one hand fewer each round. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_troubadour")
balatro_content = content(JOKER)

"""Cartomancer: creates a Tarot card when a blind is selected. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_cartomancer")
balatro_content = content(JOKER)

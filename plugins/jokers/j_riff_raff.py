"""Riff-Raff: creates 2 Common jokers when a blind is selected. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_riff_raff")
balatro_content = content(JOKER)

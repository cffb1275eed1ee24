"""Violet Vessel: a very large blind (6x base chips)."""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_final_vessel")
balatro_content = content(BLIND)

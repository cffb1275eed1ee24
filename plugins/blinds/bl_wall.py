"""The Wall: an extra large blind (4x base chips)."""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_wall")
balatro_content = content(BLIND)

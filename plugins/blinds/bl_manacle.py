"""The Manacle: -1 hand size for the round. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_manacle")
balatro_content = content(BLIND)

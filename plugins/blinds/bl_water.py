"""The Water: the round starts with no discards. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_water")
balatro_content = content(BLIND)

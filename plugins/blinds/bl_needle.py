"""The Needle: only one hand this round. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_needle")
balatro_content = content(BLIND)

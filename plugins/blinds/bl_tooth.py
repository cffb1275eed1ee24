"""The Tooth: lose $1 for each card played. (Acts when a hand is played, before scoring.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_tooth")
balatro_content = content(BLIND)

"""The Mark: face cards are drawn face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_mark")
balatro_content = content(BLIND)

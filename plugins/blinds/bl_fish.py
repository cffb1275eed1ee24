"""The Fish: cards drawn after each played hand come face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_fish")
balatro_content = content(BLIND)

"""The House: the first hand of the round is drawn face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_house")
balatro_content = content(BLIND)

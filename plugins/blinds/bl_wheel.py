"""The Wheel: each drawn card has a 1 in 7 chance to be face down. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_wheel")
balatro_content = content(BLIND)

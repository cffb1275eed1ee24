"""Crimson Heart: one random joker is debuffed each hand. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_final_heart")
balatro_content = content(BLIND)

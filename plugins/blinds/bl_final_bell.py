"""Cerulean Bell: one random held card is always selected. (Acts when cards are drawn.)"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_final_bell")
balatro_content = content(BLIND)

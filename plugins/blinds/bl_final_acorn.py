"""Amber Acorn: flips and shuffles every joker when the blind starts.

(Acts when the blind is set.)
"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_final_acorn")
balatro_content = content(BLIND)

"""The Serpent: after each play or discard, exactly 3 cards are drawn.

(Acts when cards are drawn.)
"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_serpent")
balatro_content = content(BLIND)

"""The Hook: discards 2 random held cards each time a hand is played.

(Acts when a hand is played, outside scoring.)
"""

from balatro_ecs.plugin import content, reference

BLIND = reference.blind("bl_hook")
balatro_content = content(BLIND)

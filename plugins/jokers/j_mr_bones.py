"""Mr.

Bones: saves a lost round if the score reached 25% of the blind, then burns up. No effect on
a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_mr_bones")
balatro_content = content(JOKER)

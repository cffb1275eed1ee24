"""Gift Card: every joker and consumable gains $1 of sell value at the end of a round.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_gift")
balatro_content = content(JOKER)

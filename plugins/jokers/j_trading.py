"""Trading Card: if the first discard of a round is one card, it is destroyed for $3.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_trading")
balatro_content = content(JOKER)

"""Certificate: adds a random sealed card to the hand when a round's first hand is drawn.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_certificate")
balatro_content = content(JOKER)

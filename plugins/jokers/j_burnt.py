"""Burnt Joker: levels up the poker hand of the round's first discard.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_burnt")
balatro_content = content(JOKER)

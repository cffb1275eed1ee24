"""Invisible Joker: after 2 rounds, selling it duplicates a random joker.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_invisible")
balatro_content = content(JOKER)

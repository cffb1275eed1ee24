"""Marble Joker: adds a Stone card to the deck when a blind is selected.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_marble")
balatro_content = content(JOKER)

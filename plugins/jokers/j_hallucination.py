"""Hallucination: 1 in 2 chance to create a Tarot card when a booster pack is opened.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_hallucination")
balatro_content = content(JOKER)

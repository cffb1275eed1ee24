"""Faceless Joker: earns $5 when a discard holds 3 or more face cards.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_faceless")
balatro_content = content(JOKER)

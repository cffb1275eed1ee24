"""Astronomer: Planet cards and Celestial packs in the shop are free.

No effect on a hand's score.
"""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_astronomer")
balatro_content = content(JOKER)

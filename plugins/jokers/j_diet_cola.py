"""Diet Cola: selling it creates a free Double Tag. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_diet_cola")
balatro_content = content(JOKER)

"""Luchador: selling it disables the current boss blind. No effect on a hand's score."""

from balatro_ecs.plugin import content, reference

JOKER = reference.joker("j_luchador")
balatro_content = content(JOKER)

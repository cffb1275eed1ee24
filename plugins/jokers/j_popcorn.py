"""Popcorn: +20 Mult, 4 less at the end of each round."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_popcorn")
balatro_content = content(JOKER)

joker_main = _shapes.mult_counter(JOKER)

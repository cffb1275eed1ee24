"""Ramen: X2 Mult, X0.01 less for each card discarded."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_ramen")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

"""Yorick: gains X1 Mult after every 23 cards discarded."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_yorick")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

"""Constellation: gains X0.1 Mult each time a Planet card is used."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_constellation")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

"""Madness: gains X0.5 Mult (destroying another joker) when a Small or Big Blind is selected."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_madness")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

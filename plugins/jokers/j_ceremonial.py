"""Ceremonial Dagger: gives the Mult it gained by destroying the joker to its right when a blind is selected."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_ceremonial")
balatro_content = content(JOKER)

joker_main = _shapes.mult_counter(JOKER)

"""Joker: +4 Mult."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_joker")
balatro_content = content(JOKER)

joker_main = _shapes.mult_counter(JOKER)

"""Crazy Joker: +12 Mult if the played hand contains a Straight."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_crazy")
balatro_content = content(JOKER)

joker_main = _shapes.type_mult(JOKER)

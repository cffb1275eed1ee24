"""The Family: X4 Mult if the played hand contains Four of a Kind."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_family")
balatro_content = content(JOKER)

joker_main = _shapes.type_x_mult(JOKER)

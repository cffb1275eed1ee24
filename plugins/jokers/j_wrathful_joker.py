"""Wrathful Joker: each scored Spade gives +3 Mult."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_wrathful_joker")
balatro_content = content(JOKER)

joker_individual = _shapes.suit_mult(JOKER)

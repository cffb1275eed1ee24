"""Greedy Joker: each scored Diamond gives +3 Mult."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_greedy_joker")
balatro_content = content(JOKER)

joker_individual = _shapes.suit_mult(JOKER)

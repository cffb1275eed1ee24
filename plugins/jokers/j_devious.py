"""Devious Joker: +100 Chips if the played hand contains a Straight."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_devious")
balatro_content = content(JOKER)

joker_main = _shapes.type_chips(JOKER)

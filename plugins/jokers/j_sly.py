"""Sly Joker: +50 Chips if the played hand contains a Pair."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_sly")
balatro_content = content(JOKER)

joker_main = _shapes.type_chips(JOKER)

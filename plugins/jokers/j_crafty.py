"""Crafty Joker: +80 Chips if the played hand contains a Flush."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_crafty")
balatro_content = content(JOKER)

joker_main = _shapes.type_chips(JOKER)

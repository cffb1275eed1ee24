"""Clever Joker: +80 Chips if the played hand contains Two Pair."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_clever")
balatro_content = content(JOKER)

joker_main = _shapes.type_chips(JOKER)

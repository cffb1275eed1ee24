"""Red Card: gains +3 Mult whenever a booster pack is skipped."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_red_card")
balatro_content = content(JOKER)

joker_main = _shapes.mult_counter(JOKER)

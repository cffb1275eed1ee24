"""Castle: gains +3 Chips for each discarded card of the round's suit."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_castle")
balatro_content = content(JOKER)

joker_main = _shapes.chips_counter(JOKER)

"""Hit the Road: gains X0.5 Mult for each Jack discarded this round."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_hit_the_road")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

"""Campfire: gains X0.25 Mult for each card sold; resets when a boss is beaten."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_campfire")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

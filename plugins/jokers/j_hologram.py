"""Hologram: gains X0.25 Mult for every playing card added to the deck."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_hologram")
balatro_content = content(JOKER)

joker_main = _shapes.x_mult_counter(JOKER)

"""Flash Card: gains +2 Mult for every shop reroll."""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_flash")
balatro_content = content(JOKER)

joker_main = _shapes.mult_counter(JOKER)

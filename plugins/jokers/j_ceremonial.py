"""Ceremonial Dagger: gives the Mult it has gained.

When a blind is selected it destroys the joker to its right and gains twice that joker's
sell value as Mult (that part arrives with the run engine).
"""

from balatro_ecs.plugin import content, reference

from . import _shapes

JOKER = reference.joker("j_ceremonial")
balatro_content = content(JOKER)

joker_main = _shapes.mult_counter(JOKER)

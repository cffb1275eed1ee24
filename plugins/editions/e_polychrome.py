"""Polychrome: X1.5 Mult (on a joker, after its own effect and the joker-on-joker ones)."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import POLYCHROME_X_MULT

from ..enhancements._shapes import edition

EDITION = edition("e_polychrome")
balatro_content = content(EDITION)
_EFFECT = Effect(x_mult=POLYCHROME_X_MULT)


@hookimpl
def edition_scored(ctx, target):
    return _EFFECT

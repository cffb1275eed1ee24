"""Steel Card: X1.5 Mult while held in hand as a hand scores."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import STEEL_X_MULT

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_steel")
balatro_content = content(ENHANCEMENT)
_EFFECT = Effect(x_mult=STEEL_X_MULT)


@hookimpl
def enhancement_held(ctx, card):
    return _EFFECT

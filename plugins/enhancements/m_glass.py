"""Glass Card: X2 Mult when scored; 1 in 4 chance to shatter once the hand has scored.

Stream: ``glass``, rolled for each non-debuffed scoring Glass card left to right.
"""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import GLASS_SHATTER_ODDS, GLASS_X_MULT

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_glass", shatters=True)
balatro_content = content(ENHANCEMENT)
_EFFECT = Effect(x_mult=GLASS_X_MULT)


@hookimpl
def enhancement_scored(ctx, card):
    return _EFFECT


@hookimpl
def enhancement_destroy(ctx, card):
    return ctx.chance("glass", GLASS_SHATTER_ODDS, card)

"""Mult Card: +4 Mult when scored."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import MULT_CARD_MULT

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_mult")
balatro_content = content(ENHANCEMENT)
_EFFECT = Effect(mult=MULT_CARD_MULT)


@hookimpl
def enhancement_scored(ctx, card):
    return _EFFECT

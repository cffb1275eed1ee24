"""Lucky Card: when scored, 1 in 5 chance of +20 Mult and, separately, 1 in 15 chance
of $20.

Streams: ``lucky_mult`` then ``lucky_money``, both rolled on every evaluation. A chance
that comes off sets ``ctx.lucky_trigger`` (Lucky Cat).
"""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import (
    LUCKY_DOLLARS,
    LUCKY_DOLLARS_ODDS,
    LUCKY_MULT,
    LUCKY_MULT_ODDS,
)

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_lucky")
balatro_content = content(ENHANCEMENT)
_BOTH = Effect(mult=LUCKY_MULT, dollars=LUCKY_DOLLARS)
_MULT = Effect(mult=LUCKY_MULT)
_DOLLARS = Effect(dollars=LUCKY_DOLLARS)


@hookimpl
def enhancement_scored(ctx, card):
    mult = ctx.chance("lucky_mult", LUCKY_MULT_ODDS, card)
    money = ctx.chance("lucky_money", LUCKY_DOLLARS_ODDS, card)
    if not (mult or money):
        return None
    ctx.lucky_trigger = True
    return _BOTH if mult and money else _MULT if mult else _DOLLARS

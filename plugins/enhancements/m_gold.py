"""Gold Card: $3 when held in hand at the end of the round."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import GOLD_CARD_DOLLARS

from ._shapes import enhancement

ENHANCEMENT = enhancement("m_gold")
balatro_content = content(ENHANCEMENT)
_EFFECT = Effect(dollars=GOLD_CARD_DOLLARS)


@hookimpl
def enhancement_end_of_round(game, card):
    return _EFFECT

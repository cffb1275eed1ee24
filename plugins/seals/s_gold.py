"""Gold Seal: $3 each time the card scores (retriggers included)."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla.numbers import GOLD_SEAL_DOLLARS

from ..enhancements._shapes import seal

SEAL = seal("Gold")
balatro_content = content(SEAL)
_EFFECT = Effect(dollars=GOLD_SEAL_DOLLARS)


@hookimpl
def seal_scored(ctx, card):
    return _EFFECT

"""Superposition: a Straight with a scoring Ace creates a Tarot card.

The card is made only if there is room.
"""

from balatro_ecs.plugin import HandType, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_superposition")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if any(card.rank == 14 for card in ctx.scoring) and ctx.contains(HandType.STRAIGHT):
        ctx.create_consumable("Tarot", "sup", joker)
    return None

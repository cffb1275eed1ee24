"""Séance: creates a Spectral card when the hand contains a Straight Flush (if there is room)."""

from balatro_ecs.plugin import HandType, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_seance")
balatro_content = content(JOKER)


_HAND = HandType.from_name(JOKER.config["extra"]["poker_hand"])


@hookimpl
def joker_main(ctx, joker):
    if ctx.contains(_HAND):
        ctx.create_consumable("Spectral", "sea", joker)
    return None

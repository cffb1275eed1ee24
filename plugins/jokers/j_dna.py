"""DNA: a single-card first hand is copied into the deck and the hand.

The copy is permanent and is held while the hand scores (its Steel counts).
"""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_dna")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if ctx.run.hands_played_round == 0 and len(ctx.played) == 1:
        ctx.copy_to_hand(ctx.played[0], joker.copied_by or joker)
        return Effect(message="Copied!")
    return None

"""Sixth Sense: a lone 6 as the round's first hand is destroyed for a Spectral card.

The Spectral card is made only if there is room; the 6 is destroyed either way.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_sixth_sense")
balatro_content = content(JOKER)


@hookimpl
def joker_destroying_card(ctx, joker, card):
    if joker.copied_by is not None:
        return None
    played = ctx.played
    if len(played) == 1 and played[0].rank == 6 and ctx.run.hands_played_round == 0:
        ctx.create_consumable("Spectral", "sixth", joker)
        return True
    return None

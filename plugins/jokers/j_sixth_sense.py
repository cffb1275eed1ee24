"""Sixth Sense: if the first hand of the round is a single 6, it is destroyed and a Spectral card is created (if there is room)."""

from balatro_ecs.plugin import content, hookimpl, reference

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

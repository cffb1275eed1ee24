"""DNA: if the first hand of the round is a single card, a permanent copy of it joins the deck and the hand."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_dna")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if ctx.run.hands_played_round == 0 and len(ctx.played) == 1:
        ctx.copy_to_hand(ctx.played[0], joker.copied_by or joker)
        return Effect(message="Copied!")
    return None

"""Raised Fist: the lowest-ranked card held in hand adds double its rank's chips as Mult."""

from balatro_ecs.plugin import Effect, Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_raised_fist")
balatro_content = content(JOKER)


def _lowest(held):
    """The game's pick: the lowest rank, the rightmost on ties, never a Stone card."""
    lowest, lowest_rank = None, 15
    for card in held:
        if card.enhancement != Enhancement.STONE and card.base_rank <= lowest_rank:
            lowest, lowest_rank = card, card.base_rank
    return lowest


@hookimpl
def joker_held_individual(ctx, joker, card):
    if card is not _lowest(ctx.held):
        return None
    if card.debuffed:
        return Effect(message="debuffed")
    return Effect.mult_of(2 * card.chip_value)

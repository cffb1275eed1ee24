"""Flower Pot: X3 Mult if the scoring cards include a Diamond, Club, Heart and Spade."""

from balatro_ecs.plugin import Effect, Enhancement, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_flower_pot")
balatro_content = content(JOKER)


_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)


@hookimpl
def joker_main(ctx, joker):
    found = set()
    # Plain cards claim one new suit each (debuffs ignored), then Wild cards fill gaps.
    for card in ctx.scoring:
        if card.enhancement != Enhancement.WILD:
            suit = next((s for s in _ORDER if s not in found and card.counts_as_suit(s)), None)
            if suit is not None:
                found.add(suit)
    for card in ctx.scoring:
        if card.enhancement == Enhancement.WILD:
            suit = next((s for s in _ORDER if s not in found and card.is_suit(s)), None)
            if suit is not None:
                found.add(suit)
    if len(found) == 4:
        return Effect.x_mult_of(joker.state["extra"])
    return None

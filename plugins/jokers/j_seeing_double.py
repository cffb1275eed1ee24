"""Seeing Double: X2 Mult if the scoring cards include a Club and a card of another suit."""

from balatro_ecs.plugin import Effect, Enhancement, Suit, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_seeing_double")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    counts = dict.fromkeys(Suit, 0)
    for card in ctx.scoring:
        if card.enhancement != Enhancement.WILD:
            for suit in Suit:
                if card.is_suit(suit):
                    counts[suit] += 1
    # Wild cards fill one missing suit each, Clubs first.
    for card in ctx.scoring:
        if card.enhancement == Enhancement.WILD:
            for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS):
                if card.is_suit(suit) and counts[suit] == 0:
                    counts[suit] += 1
                    break
    others = counts[Suit.HEARTS] or counts[Suit.DIAMONDS] or counts[Suit.SPADES]
    if counts[Suit.CLUBS] and others:
        return Effect.x_mult_of(joker.state["extra"])
    return None

"""Three of a Kind: three cards of one rank (Four and Five of a Kind contain one: their
first three)."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Three of a Kind", "Three cards of one rank; the others do not score.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    if parts.threes:
        return parts.threes[0]
    bigger = parts.fours or parts.fives
    return bigger[0][:3] if bigger else None

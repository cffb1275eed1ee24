"""Full House: three cards of one rank and two of another."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Full House", "Three cards of one rank and two of another.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    if parts.threes and parts.pairs:
        return parts.threes[0] + parts.pairs[0]
    return None

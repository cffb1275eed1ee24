"""High Card: always made; the highest card scores (rank, then suit, Spades high)."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("High Card", "None of the above: only the highest card scores.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    return parts.highest

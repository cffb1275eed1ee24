"""Flush House: a Full House all of one suit."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Flush House", "Three of a Kind and a Pair, all of one suit.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    if parts.threes and parts.pairs and parts.flush:
        return parts.threes[0] + parts.pairs[0]
    return None

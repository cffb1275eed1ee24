"""Straight Flush: a flush and a straight among the played cards (with Four Fingers they
need not be the same cards); both score."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Straight Flush", "Five ranks in a row, all of one suit.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    flush, straight = parts.flush, parts.straight
    if flush and straight:
        return flush + [p for p in straight if p not in flush]
    return None

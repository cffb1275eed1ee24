"""Flush Five: five cards of one rank, all of one suit."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Flush Five", "Five cards of one rank, all of one suit.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    if parts.fives and parts.flush:
        return parts.fives[0]
    return None

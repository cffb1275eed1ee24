"""Flush: five cards (four with Four Fingers) of one suit; the cards of that suit score."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Flush", "Five cards of one suit.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    return parts.flush

"""Straight: five ranks in a row (four with Four Fingers; Shortcut skips single gaps); every
card of those ranks scores."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Straight", "Five ranks in a row (Ace high or low).")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    return parts.straight

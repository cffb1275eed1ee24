"""Pair: two cards of one rank (three, four and five of a kind contain one: their first
two); the highest pair scores."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Pair", "Two cards of one rank; the others do not score.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    if parts.pairs:
        return parts.pairs[0]
    bigger = parts.threes or parts.fours or parts.fives
    return bigger[0][:2] if bigger else None

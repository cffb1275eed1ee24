"""Four of a Kind: four cards of one rank (Five of a Kind contains one: its first four)."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Four of a Kind", "Four cards of one rank; a fifth card does not score.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    if parts.fours:
        return parts.fours[0]
    if parts.fives:
        return parts.fives[0][:4]
    return None

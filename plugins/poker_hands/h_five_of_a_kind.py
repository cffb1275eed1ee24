"""Five of a Kind: five cards of one rank."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Five of a Kind", "Five cards of one rank.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    return parts.fives[0] if parts.fives else None

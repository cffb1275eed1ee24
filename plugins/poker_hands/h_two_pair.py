"""Two Pair: two pairs, or a pair and three of a kind (a Full House contains Two Pair;
Four of a Kind does not)."""

from balatro_ecs.plugin import content, hookimpl

from ._declared import poker_hand

POKER_HAND = poker_hand("Two Pair", "Two pairs of different ranks; a fifth card does not score.")
balatro_content = content(POKER_HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    pairs, threes = parts.pairs, parts.threes
    if len(pairs) == 2:
        return pairs[0] + pairs[1]
    if len(threes) == 1 and len(pairs) == 1:
        return pairs[0] + threes[0]
    return None

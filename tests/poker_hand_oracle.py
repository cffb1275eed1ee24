"""An independent detection of the game's twelve poker hands, for the tests.

One hand-written pass over the played cards, written from the game's rules (rules.toml,
hands.toml): it was the engine's fast path for the vanilla hands until issue 17 left the
twelve ``poker_hand_detect`` hooks of the vanilla pack as the only detection. The tests
check that the hooks and this function agree on random hands. The flush and straight
finders are the engine's own (imported, not copied); what this pass checks on its own is
how the twelve hands are told apart from them and from the groups of ranks.
"""

from __future__ import annotations

from collections.abc import Sequence

from balatro_ecs.game.hands import DetectCard, Detection, RulesKey, _flush, _straight
from balatro_ecs.kernel.enums import HandType

__all__ = ["detect_twelve"]

_FLUSH_FIVE = HandType.FLUSH_FIVE
_FLUSH_HOUSE = HandType.FLUSH_HOUSE
_FIVE = HandType.FIVE_OF_A_KIND
_STRAIGHT_FLUSH = HandType.STRAIGHT_FLUSH
_FOUR = HandType.FOUR_OF_A_KIND
_FULL_HOUSE = HandType.FULL_HOUSE
_FLUSH = HandType.FLUSH
_STRAIGHT = HandType.STRAIGHT
_THREE = HandType.THREE_OF_A_KIND
_TWO_PAIR = HandType.TWO_PAIR
_PAIR = HandType.PAIR
_HIGH = HandType.HIGH_CARD


def _positions_by_rank(cards: Sequence[DetectCard]) -> dict[int, list[int]]:
    """The positions of the cards of each rank (rankless Stone cards left out)."""
    by_rank: dict[int, list[int]] = {}
    for pos, card in enumerate(cards):
        rank = card[0]
        if rank >= 0:
            group = by_rank.get(rank)
            if group is None:
                by_rank[rank] = [pos]
            else:
                group.append(pos)
    return by_rank


def detect_twelve(cards: Sequence[DetectCard], rules_key: RulesKey) -> Detection:
    """The game's twelve hands, detected in one pass (what the vanilla hooks give)."""
    if not cards:
        raise ValueError("cannot detect a hand from no cards")
    flush_size, straight_size, skips, _smeared = rules_key
    by_rank = _positions_by_rank(cards)
    # Exact-size groups, highest rank first, as the game's get_X_same returns them.
    fives: list[list[int]] = []
    fours: list[list[int]] = []
    threes: list[list[int]] = []
    pairs: list[list[int]] = []
    for rank in sorted(by_rank, reverse=True):
        group = by_rank[rank]
        size = len(group)
        if size == 2:
            pairs.append(group)
        elif size == 3:
            threes.append(group)
        elif size == 4:
            fours.append(group)
        elif size == 5:
            fives.append(group)
    flush = _flush(cards, flush_size)
    # A straight needs ``straight_size`` different ranks (skipped ranks do not count).
    straight = _straight(cards, straight_size, skips) if len(by_rank) >= straight_size else None

    # Every hand the cards contain, best first; the first one is the played hand.
    made: list[tuple[HandType, list[int]]] = []
    if fives and flush:
        made.append((_FLUSH_FIVE, fives[0]))
    if threes and pairs and flush:
        made.append((_FLUSH_HOUSE, threes[0] + pairs[0]))
    if fives:
        made.append((_FIVE, fives[0]))
    if flush and straight:
        made.append((_STRAIGHT_FLUSH, flush + [p for p in straight if p not in flush]))
    if fours:
        made.append((_FOUR, fours[0]))
    if threes and pairs:
        made.append((_FULL_HOUSE, threes[0] + pairs[0]))
    if flush:
        made.append((_FLUSH, flush))
    if straight:
        made.append((_STRAIGHT, straight))
    if threes:
        made.append((_THREE, threes[0]))
    if len(pairs) == 2 or (len(threes) == 1 and len(pairs) == 1):
        made.append((_TWO_PAIR, pairs[0] + (pairs[1] if len(pairs) == 2 else threes[0])))
    if pairs:
        made.append((_PAIR, pairs[0]))
    contains = 1 << _HIGH
    for hand, _ in made:
        contains |= 1 << hand
    # Larger same-rank hands also contain the smaller ones (not Two Pair).
    if fives:
        contains |= (1 << _FOUR) | (1 << _THREE) | (1 << _PAIR)
    elif fours:
        contains |= (1 << _THREE) | (1 << _PAIR)
    elif threes:
        contains |= 1 << _PAIR
    if made:
        hand, scoring = made[0]
    else:
        # The highest card: the best rank, then suit (Spades high); Stone ranks below all.
        best = 0
        for pos in range(1, len(cards)):
            if cards[pos][2] > cards[best][2]:
                best = pos
        hand, scoring = _HIGH, [best]
    return Detection(hand, tuple(sorted(scoring)), contains)

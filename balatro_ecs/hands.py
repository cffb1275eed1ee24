"""Poker hand detection, as the game does it.

The game first builds every sub-hand the played cards *contain* (exact-size rank
groups, a flush, a straight, the highest card), then takes the best non-empty one as the
played hand. Jokers that say "if the played hand contains a Pair" read the containment
set, so Four of a Kind contains a Pair and Full House contains Two Pair, but Four of a
Kind does not contain Two Pair.

Detection works on :class:`DetectCard` tuples: ``(rank, flush_suits, order)`` per played
card, where ``rank`` is negative for cards without a rank (Stone: they never pair and
never join a straight), ``flush_suits`` is the bitmask of suits the card counts as for a
flush, and ``order`` ranks cards for "highest card". Rule parameters (Four Fingers,
Shortcut) come from :class:`~balatro_ecs.rules.Rules`.

Results are cached by their inputs, since a simulation meets the same hand shapes over
and over; :func:`clear_cache` empties the cache and :data:`CACHE_LIMIT` bounds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .enums import HAND_NAMES, HandType

__all__ = [
    "CACHE_LIMIT",
    "Detection",
    "clear_cache",
    "contains_names",
    "detect",
    "detect_uncached",
]

#: The most results kept; the cache is emptied when it grows past this.
CACHE_LIMIT = 200_000

DetectCard = tuple[int, int, int]

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


class Detection(NamedTuple):
    """What the played cards make.

    ``scoring`` holds positions in the played cards, ascending, *before* Stone cards and
    Splash are added (that is the scoring step's job). ``contains`` is a bitmask over
    :class:`~balatro_ecs.enums.HandType` values.
    """

    hand: HandType
    scoring: tuple[int, ...]
    contains: int

    @property
    def name(self) -> str:
        return HAND_NAMES[self.hand]

    def has(self, hand: HandType) -> bool:
        """Does the played hand contain ``hand``?"""
        return bool(self.contains >> hand & 1)


def contains_names(mask: int) -> tuple[str, ...]:
    """The hand names set in a containment mask, best first."""
    return tuple(HAND_NAMES[h] for h in HandType if mask >> h & 1)


def _flush(cards: Sequence[DetectCard], size: int) -> list[int] | None:
    """The first suit (Spades, Hearts, Clubs, Diamonds) that ``size`` cards count as."""
    n = len(cards)
    if n > 5 or n < size:
        return None
    if n == size:  # every card must share the suit
        common = 15
        for card in cards:
            common &= card[1]
        if not common:
            return None
        return list(range(n))
    for bit in (1, 2, 4, 8):
        members = [pos for pos in range(n) if cards[pos][1] & bit]
        if len(members) >= size:
            return members
    return None


def _straight(cards: Sequence[DetectCard], size: int, skips: bool) -> list[int] | None:
    """The cards of the first run of ``size`` ranks (Ace low or high; Shortcut skips)."""
    n = len(cards)
    if n > 5 or n < size:
        return None
    present = 0
    for card in cards:
        rank = card[0]
        if 1 < rank < 15:
            present |= 1 << rank
    if present & (1 << 14):
        present |= 2  # the Ace also sits below the 2
    # Scan ranks upwards as the game does: a missing rank may be skipped (Shortcut), but
    # never twice in a row and never at the top; the run ends at the first gap after it
    # reached ``size``.
    length, found, skipped, first, last = 0, False, False, 0, 0
    for j in range(1, 15):
        if present >> j & 1:
            if length == 0:
                first = j
            length += 1
            last = j
            skipped = False
        elif skips and not skipped and j != 14:
            skipped = True
        else:
            if found:
                break
            length = 0
            skipped = False
        if length >= size:
            found = True
    if not found:
        return None
    ranks = {14 if j == 1 else j for j in range(first, last + 1) if present >> j & 1}
    return [pos for pos in range(n) if cards[pos][0] in ranks]


def detect_uncached(
    cards: Sequence[DetectCard], rules_key: tuple[int, int, bool, bool]
) -> Detection:
    """Detect the hand without the cache (see :func:`detect`)."""
    if not cards:
        raise ValueError("cannot detect a hand from no cards")
    flush_size, straight_size, skips, _smeared = rules_key
    by_rank: dict[int, list[int]] = {}
    for pos, card in enumerate(cards):
        rank = card[0]
        if rank >= 0:
            group = by_rank.get(rank)
            if group is None:
                by_rank[rank] = [pos]
            else:
                group.append(pos)
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


_cache: dict[tuple[object, ...], Detection] = {}


def detect(cards: Sequence[DetectCard], rules_key: tuple[int, int, bool, bool]) -> Detection:
    """The played hand, its scoring positions and what it contains.

    ``rules_key`` is :meth:`Rules.detection_key() <balatro_ecs.rules.Rules.detection_key>`.

    >>> plain = lambda rank, suit: (rank, 1 << suit, rank * 4 + 3 - suit)
    >>> d = detect([plain(13, 1), plain(13, 0), plain(4, 2)], (5, 5, False, False))
    >>> d.name, d.scoring, d.has(HandType.HIGH_CARD)
    ('Pair', (0, 1), True)
    """
    key = (*cards, rules_key)
    hit = _cache.get(key)
    if hit is None:
        hit = detect_uncached(cards, rules_key)
        if len(_cache) >= CACHE_LIMIT:
            _cache.clear()
        _cache[key] = hit
    return hit


def clear_cache() -> None:
    """Forget every cached detection."""
    _cache.clear()

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


def _groups(cards: Sequence[DetectCard]) -> dict[int, list[int]]:
    by_rank: dict[int, list[int]] = {}
    for pos, card in enumerate(cards):
        rank = card[0]
        if rank >= 0:
            by_rank.setdefault(rank, []).append(pos)
    return by_rank


def _flush(cards: Sequence[DetectCard], size: int) -> list[int] | None:
    n = len(cards)
    if n > 5 or n < size:
        return None
    for suit in range(4):  # Spades, Hearts, Clubs, Diamonds: the game's order
        bit = 1 << suit
        members = [pos for pos, card in enumerate(cards) if card[1] & bit]
        if len(members) >= size:
            return members
    return None


def _straight(cards: Sequence[DetectCard], size: int, skips: bool) -> list[int] | None:
    n = len(cards)
    if n > 5 or n < size:
        return None
    by_rank: dict[int, list[int]] = {}
    for pos, card in enumerate(cards):
        rank = card[0]
        if 1 < rank < 15:
            by_rank.setdefault(rank, []).append(pos)
    run: list[int] = []
    length = 0
    found = False
    skipped = False
    # Ace counts low (position 1) and high (14); a rank may be skipped with Shortcut,
    # but never twice in a row and never at the top.
    for j in range(1, 15):
        members = by_rank.get(14 if j == 1 else j)
        if members:
            length += 1
            skipped = False
            run.extend(members)
        elif skips and not skipped and j != 14:
            skipped = True
        else:
            if found:
                break
            length = 0
            skipped = False
            run = []
        if length >= size:
            found = True
    return run if found else None


def detect_uncached(cards: Sequence[DetectCard], rules_key: tuple[int, int, bool, bool]) -> Detection:
    """Detect the hand without the cache (see :func:`detect`)."""
    if not cards:
        raise ValueError("cannot detect a hand from no cards")
    flush_size, straight_size, skips, _smeared = rules_key
    groups = _groups(cards)
    # Exact-size groups, highest rank first, as the game's get_X_same returns them.
    same: dict[int, list[list[int]]] = {2: [], 3: [], 4: [], 5: []}
    for rank in sorted(groups, reverse=True):
        members = groups[rank]
        if len(members) in same:
            same[len(members)].append(members)
    fives, fours, threes, pairs = same[5], same[4], same[3], same[2]
    flush = _flush(cards, flush_size)
    straight = _straight(cards, straight_size, skips)

    contains = 0
    best: tuple[HandType, list[int]] | None = None

    def found(hand: HandType, scoring: list[int]) -> None:
        nonlocal contains, best
        contains |= 1 << hand
        if best is None:
            best = (hand, scoring)

    if fives and flush:
        found(_FLUSH_FIVE, fives[0])
    if threes and pairs and flush:
        found(_FLUSH_HOUSE, threes[0] + pairs[0])
    if fives:
        found(_FIVE, fives[0])
    if flush and straight:
        found(_STRAIGHT_FLUSH, flush + [p for p in straight if p not in flush])
    if fours:
        found(_FOUR, fours[0])
    if threes and pairs:
        found(_FULL_HOUSE, threes[0] + pairs[0])
    if flush:
        found(_FLUSH, flush)
    if straight:
        found(_STRAIGHT, straight)
    if threes:
        found(_THREE, threes[0])
    if len(pairs) == 2 or (len(threes) == 1 and len(pairs) == 1):
        found(_TWO_PAIR, pairs[0] + (pairs[1] if len(pairs) == 2 else threes[0]))
    if pairs:
        found(_PAIR, pairs[0])
    # Larger same-rank hands also contain the smaller ones (not Two Pair).
    if fives:
        contains |= (1 << _FOUR) | (1 << _THREE) | (1 << _PAIR)
    if fours:
        contains |= (1 << _THREE) | (1 << _PAIR)
    if threes:
        contains |= 1 << _PAIR
    # The highest card: the best rank, then suit (Spades high); Stone cards rank below all.
    highest = max(range(len(cards)), key=lambda pos: cards[pos][2])
    found(_HIGH, [highest])
    assert best is not None
    hand, scoring = best
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

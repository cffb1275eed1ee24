"""Poker hand detection, as the game does it, over the poker hands of a plugin set.

Every poker hand is content (:class:`~balatro_ecs.kernel.content.PokerHandType`) whose
``poker_hand_detect`` hook says whether the played cards contain it, and which of them
score. The game first builds every hand the played cards *contain*, then takes the best
one as the played hand. Jokers that say "if the played hand contains a Pair" read the
containment set, so Four of a Kind contains a Pair and Full House contains Two Pair, but
Four of a Kind does not contain Two Pair.

Detection works on :class:`DetectCard` tuples: ``(rank, flush_suits, order)`` per played
card, where ``rank`` is negative for cards without a rank (Stone: they never pair and
never join a straight), ``flush_suits`` is the bitmask of suits the card counts as for a
flush, and ``order`` ranks cards for "highest card". Rule parameters (Four Fingers,
Shortcut) come from :class:`~balatro_ecs.game.rules.Rules` as its ``detection_key()``.

:func:`detector` compiles a plugin set's hands once, best first, into a
:class:`Detector`, which calls their hooks: the game's twelve hands too (there is no
second, hand-written detection of them). :func:`detect` detects with the built-in plugins.

Results are cached by their inputs, since a simulation meets the same hand shapes over
and over (detectors of the same hooks share one cache); :func:`clear_cache` empties the
caches and :data:`CACHE_LIMIT` bounds each.
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..kernel.content import PokerHandType
from ..kernel.enums import HAND_NAMES, HandType
from ..kernel.errors import HookError, PluginError
from ..kernel.faults import _plugin_of, bad_answer
from ..kernel.manager import Plugins

__all__ = [
    "CACHE_LIMIT",
    "DetectCard",
    "Detection",
    "Detector",
    "HandParts",
    "clear_cache",
    "contains_names",
    "detect",
    "detector",
]

#: The most results kept per detector; its cache is emptied when it grows past this.
CACHE_LIMIT = 200_000

DetectCard = tuple[int, int, int]
#: ``Rules.detection_key()``: flush size, straight size, Shortcut, Smeared Joker.
RulesKey = tuple[int, int, bool, bool]


class Detection(NamedTuple):
    """What the played cards make.

    ``scoring`` holds positions in the played cards, ascending, *before* Stone cards and
    Splash are added (that is the scoring step's job). ``contains`` is a bitmask over
    :class:`~balatro_ecs.kernel.enums.HandType` values.
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


def evaluated(
    game: Any, chain: tuple[Any, ...], cards: Sequence[Any], detection: Detection
) -> Detection:
    """``detection`` as the jokers' ``joker_evaluate_poker_hand`` leave it, each in slot order
    given the hand the one before it named (``chain`` is that hook's plan). A new hand is
    contained too; the scoring positions stay the detected ones."""
    hand = detection.hand
    full = tuple(cards)
    for fn, view, joker in chain:
        named = fn(game, view, full, hand)
        if named is not None:
            hand = _hand_of(named, joker)
    if hand == detection.hand:
        return detection
    return Detection(hand, detection.scoring, detection.contains | 1 << hand)


def _hand_of(named: object, source: object) -> HandType:
    """A poker hand a joker named: a :class:`HandType` or a hand's name."""
    if isinstance(named, HandType):
        return named
    if isinstance(named, str):
        return HandType.from_name(named)
    bad_answer("joker_evaluate_poker_hand", named, "a HandType or a poker hand's name", source)


def contains_names(mask: int) -> tuple[str, ...]:
    """The hand names set in a containment mask, in :class:`HandType` order."""
    return tuple(HAND_NAMES[h] for h in HandType if mask >> h & 1)


class HandParts:
    """What poker hands are made of, found once per detection and shared by every
    ``poker_hand_detect`` hook (the game's ``parts``).

    Groups hold positions in the played cards. Same-rank groups are *exact-size* and
    ordered highest rank first, as the game's ``get_X_same`` returns them; a flush and a
    straight follow the rules in force.

    :ivar cards: the played cards, as :data:`DetectCard` tuples.
    :ivar flush_size: cards a flush needs (Four Fingers: 4).
    :ivar straight_size: cards a straight needs (Four Fingers: 4).
    :ivar straight_skips: a straight may skip single missing ranks (Shortcut).
    :ivar smeared_suits: suits already merged into the cards' masks (Smeared Joker).
    :ivar fives: :meth:`same` ``(5)``; ``fours``, ``threes`` and ``pairs`` likewise.
    :ivar flush: the positions of the flush (the first suit, Spades to Diamonds, that
        enough cards count as), or ``None``.
    :ivar straight: the positions of every card whose rank is in the straight, or ``None``.
    """

    __slots__ = (
        "_groups",
        "_highest",
        "cards",
        "fives",
        "flush",
        "flush_size",
        "fours",
        "pairs",
        "smeared_suits",
        "straight",
        "straight_size",
        "straight_skips",
        "threes",
    )

    def __init__(self, cards: Sequence[DetectCard], rules_key: RulesKey) -> None:
        self.cards = cards
        flush_size, straight_size, skips, smeared = rules_key
        self.flush_size = flush_size
        self.straight_size = straight_size
        self.straight_skips = skips
        self.smeared_suits = smeared
        # The positions of the cards of each rank (rankless Stone cards left out).
        by_rank: dict[int, list[int]] = {}
        for pos, card in enumerate(cards):
            rank = card[0]
            if rank >= 0:
                group = by_rank.get(rank)
                if group is None:
                    by_rank[rank] = [pos]
                else:
                    group.append(pos)
        groups: dict[int, list[list[int]]] = {}
        for rank in sorted(by_rank, reverse=True):
            group = by_rank[rank]
            found = groups.get(len(group))
            if found is None:
                groups[len(group)] = [group]
            else:
                found.append(group)
        self._groups = groups
        self.fives = groups.get(5, [])
        self.fours = groups.get(4, [])
        self.threes = groups.get(3, [])
        self.pairs = groups.get(2, [])
        self.flush = _flush(cards, flush_size)
        # A straight needs ``straight_size`` different ranks (skipped ranks do not count).
        self.straight = (
            _straight(cards, straight_size, skips) if len(by_rank) >= straight_size else None
        )
        self._highest: list[int] | None = None

    def same(self, size: int) -> list[list[int]]:
        """The groups of exactly ``size`` cards of one rank, highest rank first."""
        return self._groups.get(size, [])

    def at_least(self, size: int) -> list[list[int]]:
        """The groups of ``size`` or more cards of one rank, largest first, then highest
        rank first."""
        return [g for n in sorted(self._groups, reverse=True) if n >= size for g in self._groups[n]]

    @property
    def highest(self) -> list[int]:
        """The highest card (the best rank, then suit, Spades high; Stone below all), as a
        one-position list."""
        found = self._highest
        if found is None:
            cards = self.cards
            best = 0
            for pos in range(1, len(cards)):
                if cards[pos][2] > cards[best][2]:
                    best = pos
            found = self._highest = [best]
        return found


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


def detect(cards: Sequence[DetectCard], rules_key: RulesKey) -> Detection:
    """The played hand among the built-in plugins' poker hands (the game's twelve), its
    scoring positions and what it contains: :meth:`Detector.detect` of their detector.

    ``rules_key`` is :meth:`Rules.detection_key() <balatro_ecs.game.rules.Rules.detection_key>`.
    A game detects its own plugin set's hands: :meth:`detector(plugins).detect <Detector.detect>`.

    >>> plain = lambda rank, suit: (rank, 1 << suit, rank * 4 + 3 - suit)
    >>> d = detect([plain(13, 1), plain(13, 0), plain(4, 2)], (5, 5, False, False))
    >>> d.name, d.scoring, d.has(HandType.HIGH_CARD)
    ('Pair', (0, 1), True)
    """
    found = _BUILTIN[0]
    if found is None:
        found = _BUILTIN[0] = detector(Plugins(entry_points=False, config=False))
    return found.detect(cards, rules_key)


#: The built-in plugins' detector, made on first use.
_BUILTIN: list[Detector | None] = [None]
#: The caches of detectors, by the hooks they call (detectors of the same hooks share one).
_CACHES: weakref.WeakValueDictionary[tuple[object, ...], _Cache] = weakref.WeakValueDictionary()


class _Cache(dict[tuple[object, ...], Detection]):
    """A detection cache (a dict that a weak reference can hold)."""


#: Every detector made (their caches are emptied by :func:`clear_cache`).
_DETECTORS: weakref.WeakSet[Detector] = weakref.WeakSet()
_HOOK = "poker_hand_detect"
_CACHE_KEY = "poker hands"


class Detector:
    """The poker hands of one plugin set, best first, and their detection.

    :ivar hands: the hands, best first (by declared ``order``).
    :ivar types: their declarations, in the same order.
    :ivar shaped: every hand declares it is found by the cards' shape alone
        (:attr:`PokerHandType.by_shape <balatro_ecs.kernel.content.PokerHandType.by_shape>`):
        a detection holds for any cards of the same ranks, flush and highest card.
    """

    __slots__ = ("__weakref__", "_cache", "_calls", "_hooks", "hands", "shaped", "types")

    def __init__(
        self, hands: Sequence[tuple[PokerHandType, Callable[..., Any] | None, str]]
    ) -> None:
        self.types: tuple[PokerHandType, ...] = tuple(item for item, _, _ in hands)
        self.hands: tuple[HandType, ...] = tuple(item.kind for item in self.types)
        self._calls = tuple(
            (item.kind, item.key, fn, plugin) for item, fn, plugin in hands if fn is not None
        )
        self.shaped = bool(self.types) and all(item.by_shape for item in self.types)
        #: ``(1 << kind, hook)`` of each hand, best first: what detection calls.
        self._hooks = tuple((1 << kind, fn) for kind, _, fn, _ in self._calls)
        calls = tuple((kind, fn) for kind, _, fn, _ in self._calls)
        cache = _CACHES.get(calls)
        if cache is None:
            cache = _CACHES[calls] = _Cache()
        self._cache: _Cache = cache
        _DETECTORS.add(self)

    def detect(self, cards: Sequence[DetectCard], rules_key: RulesKey) -> Detection:
        """The played hand, its scoring positions and what it contains (cached)."""
        key = (*cards, rules_key)
        cache = self._cache
        hit = cache.get(key)
        if hit is None:
            hit = self.detect_uncached(cards, rules_key)
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            cache[key] = hit
        return hit

    def detect_uncached(self, cards: Sequence[DetectCard], rules_key: RulesKey) -> Detection:
        """Detect without the cache: every hand's hook, best first."""
        if not cards:
            raise ValueError("cannot detect a hand from no cards")
        parts = HandParts(cards, rules_key)
        contains = 0
        top: Sequence[int] | None = None
        best = 0
        for at, (bit, fn) in enumerate(self._hooks):
            try:
                found = fn(cards, parts)
            except Exception as err:
                _, key, _, plugin = self._calls[at]
                raise HookError(
                    f"plugin {plugin}: {_HOOK} of {key} raised {type(err).__name__}: {err}",
                    plugin=plugin,
                    hook=_HOOK,
                    key=key,
                ) from err
            if found:
                if top is None:
                    top, best = found, at
                contains |= bit
        if top is None:
            raise PluginError(
                f"no poker hand of the plugin set matches the played cards {list(cards)!r} "
                f"(is High Card, h_high_card, blocked?)"
            )
        n = len(cards)
        try:
            scoring = tuple(sorted(set(top)))
            ok = all(type(p) is int and 0 <= p < n for p in scoring)
        except TypeError:
            ok = False
        kind, key, _, plugin = self._calls[best]
        if not ok:
            raise HookError(
                f"plugin {plugin}: {_HOOK} of {key} gave {top!r}, not positions "
                f"of the {n} played cards (or None)",
                plugin=plugin,
                hook=_HOOK,
                key=key,
            )
        return Detection(kind, scoring, contains)


def detector(plugins: Plugins) -> Detector:
    """The poker hands of ``plugins``, compiled once per plugin set.

    Two hands of one set with the same ``order`` are an error, since which of them is
    played would be an accident.
    """
    found: Detector | None = plugins.cache.get(_CACHE_KEY)
    if found is None:
        found = plugins.cache[_CACHE_KEY] = _compile(plugins)
    return found


def _compile(plugins: Plugins) -> Detector:
    declared = sorted(plugins.all(PokerHandType), key=lambda item: (item.order, item.key))
    for first, second in itertools.pairwise(declared):
        if first.order == second.order:
            raise PluginError(
                f"poker hands {first.key!r} and {second.key!r} share order {first.order}: "
                "which one is played would be an accident"
            )
    table = plugins.table(_HOOK)
    return Detector(
        [(item, table.get(item.key), _plugin_of(plugins, item.key)) for item in declared]
    )


def clear_cache() -> None:
    """Forget every cached detection."""
    for found in list(_DETECTORS):
        found._cache.clear()

"""The greedy policy's plays to score, found fast, are the ones the plain search finds.

:func:`balatro_ecs.tools.policies._candidates` detects every choice of 1-5 hand cards through a
table of detections kept by ranks and flush; the plain search calls
:func:`~balatro_ecs.game.hands.detect` on each choice. Both must pick the same plays in the same
order, for any hand: Wild, Stone and Smeared cards, repeated cards, Four Fingers,
Shortcut, cards that must be played (Cerulean Bell), hands of any size.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from balatro_ecs.game.hands import detect
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.tools import policies

RED = 0b0110  # Hearts, Diamonds: the suit bits are 1 << Suit (Spades 0 ... Diamonds 3)
BLACK = 0b1001
STONE = (-1, 0, -1)


def plain_candidates(
    keys: list[tuple[int, int, int]],
    chips: list[int],
    rules_key: tuple[int, int, bool, bool],
    forced: set[int],
    per_group: int,
) -> list[tuple[int, ...]]:
    """The plain search: detect every choice, group by poker hand and size, keep the best."""
    groups: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
    for size in range(1, min(5, len(keys)) + 1):
        for combo in itertools.combinations(range(len(keys)), size):
            if forced and not forced <= set(combo):
                continue
            found = detect([keys[i] for i in combo], rules_key)
            value = sum(chips[combo[i]] for i in found.scoring)
            groups.setdefault((found.hand, size), []).append((value, combo))
    picked: list[tuple[int, ...]] = []
    for options in groups.values():
        options.sort(key=lambda option: option[0], reverse=True)
        picked += [combo for _, combo in options[:per_group]]
    return picked


@dataclass
class _Card:
    key: tuple[int, int, int]
    chip_value: int
    perma_bonus: int = 0

    def detect_key(self) -> tuple[int, int, int]:
        return self.key


@dataclass
class _Rules:
    key: tuple[int, int, bool, bool]

    def detection_key(self) -> tuple[int, int, bool, bool]:
        return self.key


@dataclass
class _Game:
    hand: list[_Card]
    rules: _Rules
    plugins: Plugins = field(default_factory=Plugins.default)


def _random_key(rng: random.Random, smeared: bool) -> tuple[int, int, int]:
    rank, suit = rng.randint(2, 14), rng.randint(0, 3)
    kind = rng.random()
    if kind < 0.08:
        return STONE
    if kind < 0.16:
        suits = 0b1111  # Wild
    elif smeared:
        suits = RED if (1 << suit) & RED else BLACK
    else:
        suits = 1 << suit
    return (rank, suits, rank * 4 + 3 - suit)


def _hands(seed: int, count: int) -> Any:
    rng = random.Random(seed)
    for _ in range(count):
        rules_key = (
            rng.choice((5, 5, 4)),
            rng.choice((5, 5, 4)),
            rng.random() < 0.3,
            rng.random() < 0.2,
        )
        n = rng.choice((1, 3, 5, 7, 8, 8, 8, 9, 10, 12))
        pool = [_random_key(rng, rules_key[3]) for _ in range(rng.choice((4, 8, 20)))]
        keys = [rng.choice(pool) for _ in range(n)]  # small pools repeat cards
        keys.sort(key=lambda key: key[2], reverse=True)
        if rng.random() < 0.5:
            rng.shuffle(keys)
        chips = [rng.choice((0, 2, 5, 10, 10, 11, 30, 50)) for _ in range(n)]
        forced = {rng.randrange(n)} if rng.random() < 0.15 else set()
        yield keys, chips, rules_key, forced, rng.choice((1, 2, 2, 3))


@pytest.mark.parametrize("seed", range(4))
def test_fast_candidates_equal_the_plain_search(seed: int) -> None:
    policies._DETECTIONS.clear()
    for keys, chips, rules_key, forced, per_group in _hands(seed, 250):
        game = _Game(
            [_Card(key, chip) for key, chip in zip(keys, chips, strict=True)], _Rules(rules_key)
        )
        fast = policies._candidates(game, forced, per_group)  # type: ignore[arg-type]
        assert fast == plain_candidates(keys, chips, rules_key, forced, per_group), (
            keys,
            chips,
            rules_key,
            forced,
        )


def test_kept_detections_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(policies, "DETECTIONS_LIMIT", 50)
    policies._DETECTIONS.clear()
    for keys, chips, rules_key, forced, per_group in _hands(9, 40):
        game = _Game(
            [_Card(key, chip) for key, chip in zip(keys, chips, strict=True)], _Rules(rules_key)
        )
        fast = policies._candidates(game, forced, per_group)  # type: ignore[arg-type]
        assert fast == plain_candidates(keys, chips, rules_key, forced, per_group)
    most = sum(len(list(itertools.combinations(range(12), k))) for k in range(1, 6))
    assert all(len(table) <= 50 + most for table in policies._DETECTIONS.values())

"""Games in several threads never touch each other's entities."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from balatro_ecs.game.run.save import dumps
from balatro_ecs.tools.batch import RunSpec, play_seed, run_seed

SEEDS = [run_seed("THREAD", i) for i in range(24)]
SPEC = RunSpec(policy="random", max_ante=3)


@pytest.fixture(autouse=True)
def _switch_threads_often() -> Iterator[None]:
    """Make the interpreter switch threads as often as it can, to shake out races."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _play(seed: str) -> dict:
    record = play_seed(seed, SPEC).to_dict()
    record.pop("seconds")
    return record


def test_games_in_many_threads_play_as_they_do_alone() -> None:
    alone = [_play(seed) for seed in SEEDS]
    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(_play, SEEDS))
    assert together == alone
    assert all(r["failure"] is None for r in together)


def test_clones_and_saves_in_threads_stay_apart() -> None:
    from balatro_ecs import Game
    from balatro_ecs.tools.testing.runs import play_blind

    def work(seed: str) -> tuple[str, str]:
        game = Game(seed=seed)
        play_blind(game)
        copies = [game.clone() for _ in range(5)]
        assert all(dumps(copy) == dumps(game) for copy in copies)
        return seed, dumps(game)

    with ThreadPoolExecutor(max_workers=6) as pool:
        results = dict(pool.map(work, SEEDS[:12]))
    for seed, text in results.items():
        game = Game(seed=seed)
        play_blind(game)
        assert dumps(game) == text


def test_worlds_hammered_from_many_threads_keep_their_own_entities() -> None:
    from balatro_ecs.kernel.components import Rank
    from balatro_ecs.kernel.world import World

    def hammer(n: int) -> bool:
        world = World()
        made = []
        for i in range(300):
            made.append(world.create(Rank(n)))
            if i % 3 == 0:
                world.delete(made.pop(0))
        mine = set(world.entities())
        ok = mine == set(made) and all(world.get(e, Rank).value == n for e in made)
        world.close()
        return ok

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert all(pool.map(hammer, range(2, 40)))


def test_a_seed_dropped_by_another_thread_first_is_no_error(monkeypatch: Any) -> None:
    """The last few seeds' hashes are kept in one table for the process: two threads that
    both find it full both drop its oldest seed (one found it gone: a KeyError once)."""
    from balatro_ecs.kernel import rng

    class Racing(dict):  # type: ignore[type-arg]
        def __iter__(self) -> Iterator[str]:
            keys = list(dict.__iter__(self))
            dict.pop(self, keys[0])  # the other thread drops the oldest seed meanwhile
            return iter(keys)

    table = Racing((f"OLD{i}", ({}, {})) for i in range(rng._SEEDS_LIMIT))
    monkeypatch.setattr(rng, "_SEEDS", table)
    assert rng.seeded_hash("mail1", "NEW") == rng.pseudohash("mail1NEW")
    assert "NEW" in table and len(table) < rng._SEEDS_LIMIT + 1

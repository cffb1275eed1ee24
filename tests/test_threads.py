"""Games in several threads never touch each other's entities."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

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

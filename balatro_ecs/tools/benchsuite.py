"""The speed suite: every figure that search, simulation and learning depend on.

``balatro-ecs bench`` runs each case for several timed passes and prints the median rate
and the range over passes; ``--json`` prints one object for machines. Each case times
only the work it names (setting it up is not timed), on one core, and the cases use
nothing but the public API (imported absolutely), so the same file can measure an older
release: ``other-venv/bin/python tools/bench_installed.py`` times the ``balatro_ecs``
installed in that environment with this suite.

=======================  =================================================================
case                     what one unit of work is
=======================  =================================================================
new_game                 ``Game(seed=...)``: a run set up, waiting at the first blind
new_game_played          a new game and its first action (``SelectBlind``): what a new
                         game shares with its prepared start until used is copied there
random_game              a whole game played by the random policy, creation to end
                         (``atomic=False``, as simulations play)
replay                   one action of a recorded random-policy game applied again to a
                         new game of its seed, no policy (actions/s, new games included)
clone                    ``game.clone()`` of a mid-run game (5 jokers, in a round)
save_load                ``Game.from_json(game.to_json())`` of that game
save_load_fast           ``Game.from_bytes(game.to_bytes())`` of that game (the trusted
                         binary save; releases without it skip the case)
long_save                ``save_load`` of a game 120 greedy actions in (its log saved and read)
action_mask              ``game.action_mask()`` in a round with 8 cards in hand
scoring                  scoring one hand of the conformance vectors, state prebuilt
score_dict               ``score(dict)``: building the scenario and scoring it (each of the
                         356 vectors in turn: most are built anew, a few restored)
score_dict_again         ``score(dict)`` of the same hand again (a pair of Aces, Scholar,
                         Half Joker, Banner: 3960): its game kept and put back
greedy_game              a whole game played by the greedy policy
memory                   kilobytes held by one live game (tracemalloc), reported as a size
=======================  =================================================================
"""

from __future__ import annotations

import gc
import importlib
import json
import platform
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["CASES", "CaseResult", "run_suite"]

#: Jokers given to the mid-run game (common ones, no run-changing rules).
MID_RUN_JOKERS = ("j_joker", "j_greedy_joker", "j_jolly", "j_banner", "j_scholar")


@dataclass(frozen=True)
class CaseResult:
    """One case: units of work per second in each timed pass (or a size, for memory)."""

    name: str
    unit: str
    rates: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.rates)

    def to_dict(self) -> dict[str, Any]:
        return {
            "case": self.name,
            "unit": self.unit,
            "median": round(self.median, 1),
            "min": round(min(self.rates), 1),
            "max": round(max(self.rates), 1),
            "passes": len(self.rates),
        }


def _timed(
    work: Callable[[], int], passes: int, setup: Callable[[], None] | None = None
) -> tuple[float, ...]:
    """Rates (units per second) of ``work`` over ``passes`` timed passes."""
    work()  # warm-up: imports, caches, compiled schedules
    rates = []
    for _ in range(passes):
        if setup is not None:
            setup()
        gc.collect()
        start = time.perf_counter()
        units = work()
        rates.append(units / max(time.perf_counter() - start, 1e-9))
    return tuple(rates)


def _released(path: str) -> Any:
    """The module at ``path`` as releases before the layered package named it
    (``balatro_ecs.actions``, ``.state``, ``.policies``, ``.bench``): older installs have it
    there, and the layered package answers the same path (:mod:`balatro_ecs._compat`)."""
    return importlib.import_module(path)


def _mid_run_game() -> Any:
    """A game in its second round with five jokers, reached by real play."""
    from balatro_ecs import Game

    game = Game(seed="BENCHMID")
    game.apply(_released("balatro_ecs.actions").SelectBlind())
    for key in MID_RUN_JOKERS:
        game.add_joker(key)
    return game


def _play(game: Any, policy: Any, limit: int = 2000) -> int:
    Phase = _released("balatro_ecs.state").Phase
    steps = 0
    while game.run.phase is not Phase.GAME_OVER and not game.run.won and steps < limit:
        game.apply(policy.choose(game))
        steps += 1
    return steps


def _simulation_game(game_class: Any, seed: str) -> Any:
    """A game as simulations play it: not atomic (a failed run is dropped, not undone).
    Releases before the atomic option have no copy to skip."""
    try:
        return game_class(seed=seed, atomic=False)
    except TypeError:
        return game_class(seed=seed)


def case_new_game(passes: int) -> CaseResult:
    from balatro_ecs import Game

    n = 200
    counter = iter(range(10**9))

    def work() -> int:
        for _ in range(n):
            Game(seed=f"NEW{next(counter)}").close()
        return n

    return CaseResult("new_game", "games/s", _timed(work, passes))


def case_new_game_played(passes: int) -> CaseResult:
    from balatro_ecs import Game

    select = _released("balatro_ecs.actions").SelectBlind()
    n = 200
    counter = iter(range(10**9))

    def work() -> int:
        for _ in range(n):
            game = Game(seed=f"PLAYED{next(counter)}")
            game.apply(select)
            game.close()
        return n

    return CaseResult("new_game_played", "games/s", _timed(work, passes))


def _policy_games(name: str, policy_name: str, n: int, passes: int) -> CaseResult:
    from balatro_ecs import Game

    make_policy = _released("balatro_ecs.policies").make_policy

    counter = iter(range(10**9))

    def work() -> int:
        for _ in range(n):
            seed = f"BENCH-{next(counter)}"
            game = _simulation_game(Game, seed)
            _play(game, make_policy(policy_name, seed))
            game.close()
        return n

    return CaseResult(name, "games/s", _timed(work, passes))


def case_random_game(passes: int) -> CaseResult:
    return _policy_games("random_game", "random", 50, passes)


def case_replay(passes: int) -> CaseResult:
    from balatro_ecs import Game

    make_policy = _released("balatro_ecs.policies").make_policy
    recorded = []
    for i in range(20):  # recorded once, untimed: the random policy's games
        seed = f"REPLAY{i}"
        game, policy = _simulation_game(Game, seed), make_policy("random", seed)
        actions: list[Any] = []
        Phase = _released("balatro_ecs.state").Phase
        while game.run.phase is not Phase.GAME_OVER and not game.run.won and len(actions) < 2000:
            actions.append(policy.choose(game))
            game.apply(actions[-1])
        recorded.append((seed, actions))

    def work() -> int:
        done = 0
        for _ in range(5):
            for seed, actions in recorded:
                game = _simulation_game(Game, seed)
                for action in actions:
                    game.apply(action)
                done += len(actions)
                game.close()
        return done

    return CaseResult("replay", "actions/s", _timed(work, passes))


def case_greedy_game(passes: int) -> CaseResult:
    return _policy_games("greedy_game", "greedy", 3, passes)


def case_clone(passes: int) -> CaseResult:
    game = _mid_run_game()
    n = 300

    def work() -> int:
        for _ in range(n):
            game.clone().close()
        return n

    return CaseResult("clone", "clones/s", _timed(work, passes))


def case_save_load(passes: int) -> CaseResult:
    from balatro_ecs import Game

    game = _mid_run_game()
    plugins = game.plugins
    n = 100

    def work() -> int:
        for _ in range(n):
            Game.from_json(game.to_json(), plugins).close()
        return n

    return CaseResult("save_load", "round trips/s", _timed(work, passes))


def case_save_load_fast(passes: int) -> CaseResult | None:
    from balatro_ecs import Game

    if not hasattr(Game, "to_bytes"):
        return None  # (an older release: no binary save)
    game = _mid_run_game()
    plugins = game.plugins
    n = 300

    def work() -> int:
        for _ in range(n):
            Game.from_bytes(game.to_bytes(), plugins).close()
        return n

    return CaseResult("save_load_fast", "round trips/s", _timed(work, passes))


def _played_game(actions: int) -> Any:
    """A game ``actions`` greedy-policy actions in (or ended sooner): a save with a log."""
    from balatro_ecs import Game

    make_policy = _released("balatro_ecs.policies").make_policy
    game = Game(seed="BENCHLOG")
    policy = make_policy("greedy", "BENCHLOG")
    Phase = _released("balatro_ecs.state").Phase
    for _ in range(actions):
        if game.run.phase is Phase.GAME_OVER or game.run.won:
            break
        game.apply(policy.choose(game))
    return game


def case_long_save(passes: int) -> CaseResult:
    from balatro_ecs import Game

    game = _played_game(120)
    plugins = game.plugins
    n = 20

    def work() -> int:
        for _ in range(n):
            Game.from_json(game.to_json(), plugins).close()
        return n

    return CaseResult("long_save", "round trips/s", _timed(work, passes))


def case_action_mask(passes: int) -> CaseResult:
    game = _mid_run_game()
    n = 500

    def work() -> int:
        for _ in range(n):
            game.action_mask()
        return n

    return CaseResult("action_mask", "masks/s", _timed(work, passes))


def _vectors() -> list[dict[str, Any]]:
    name = Path("tests") / "data" / "scoring-vectors.json"
    here = Path(__file__).resolve()
    found = [
        p
        for p in (here.parents[2] / name, Path.cwd() / name, here.parent / "data" / name.name)
        if p.is_file()
    ]  # the source tree's, the current directory's, or the installed copy
    if not found:
        raise FileNotFoundError(f"{name} is missing: the scoring cases need the vectors")
    path = found[0]
    items = json.loads(path.read_text("utf-8"))
    return [item.get("scenario", item) for item in items]


def case_scoring(passes: int) -> CaseResult:
    bench_scoring = _released("balatro_ecs.bench").bench_scoring
    vectors = _vectors()
    result = bench_scoring(vectors, passes=passes)
    rates = tuple(result.hands_per_pass / s for s in result.pass_seconds)
    return CaseResult("scoring", "hands/s", rates)


def case_score_dict(passes: int) -> CaseResult:
    from balatro_ecs import score

    vectors = _vectors()

    def work() -> int:
        for scenario in vectors:
            score(scenario)
        return len(vectors)

    return CaseResult("score_dict", "hands/s", _timed(work, passes))


def case_score_dict_again(passes: int) -> CaseResult:
    from balatro_ecs import score

    hand = {
        "played": [{"rank": "A", "suit": "S"}, {"rank": "A", "suit": "D"}],
        "held": [],
        "jokers": [{"name": "Scholar"}, {"name": "Half Joker"}, {"name": "Banner"}],
        "discards_left": 2,
    }
    n = 2000

    def work() -> int:
        for _ in range(n):
            score(hand)
        return n

    return CaseResult("score_dict_again", "hands/s", _timed(work, passes))


def case_memory(passes: int) -> CaseResult:
    from balatro_ecs import Game

    Game(seed="WARM").close()
    sizes = []
    for p in range(passes):
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        games = [Game(seed=f"MEM{p}-{i}") for i in range(50)]
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        sizes.append((after - before) / len(games) / 1024)
        for game in games:
            game.close()
    return CaseResult("memory", "KB/game", tuple(sizes))


CASES: dict[str, Callable[[int], CaseResult | None]] = {
    "new_game": case_new_game,
    "new_game_played": case_new_game_played,
    "random_game": case_random_game,
    "replay": case_replay,
    "clone": case_clone,
    "save_load": case_save_load,
    "save_load_fast": case_save_load_fast,
    "long_save": case_long_save,
    "action_mask": case_action_mask,
    "scoring": case_scoring,
    "score_dict": case_score_dict,
    "score_dict_again": case_score_dict_again,
    "greedy_game": case_greedy_game,
    "memory": case_memory,
}


def run_suite(
    names: Sequence[str] | None = None,
    passes: int = 5,
    on_case: Callable[[CaseResult], None] | None = None,
) -> list[CaseResult]:
    """Run the named cases (all by default), ``passes`` timed passes each."""
    chosen = list(names) if names else list(CASES)
    unknown = [n for n in chosen if n not in CASES]
    if unknown:
        raise ValueError(f"unknown bench case {unknown[0]!r}; cases: {', '.join(CASES)}")
    results = []
    for name in chosen:
        result = CASES[name](passes)
        if result is None:  # the installed release has nothing to time for it
            continue
        results.append(result)
        if on_case is not None:
            on_case(result)
    return results


def format_row(result: CaseResult) -> str:
    return (
        f"{result.name:<15} {result.median:>12,.1f} {result.unit:<14} "
        f"(range {min(result.rates):,.1f} - {max(result.rates):,.1f}, {len(result.rates)} passes)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m balatro_ecs.tools.benchsuite [--json] [--passes N] [CASE ...]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="balatro_ecs.tools.benchsuite")
    parser.add_argument("cases", nargs="*", help=f"cases to run (default all): {', '.join(CASES)}")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    return print_suite(args.cases, args.passes, args.json)


def print_suite(cases: Sequence[str], passes: int, as_json: bool) -> int:
    """Run the suite and print it: a table, or one JSON object."""
    header = f"python {platform.python_implementation()} {platform.python_version()}, one core"
    if not as_json:
        print(header)
    results = run_suite(
        cases, passes, on_case=None if as_json else lambda r: print(format_row(r), flush=True)
    )
    if as_json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "passes": passes,
                    "cases": [r.to_dict() for r in results],
                }
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Play many seeded runs with a policy and summarise them.

Run ``i`` of a simulation with seed ``S`` plays the game seeded ``S-i`` (see
:func:`run_seed`), so any run can be replayed alone, and the summary does not depend on
how many worker processes played the runs.

>>> summary = simulate(2, policy="random", seed="DOCTEST")
>>> summary.runs, sum(summary.ante_reached.values())
(2, 2)
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import BalatroError
from .game import Game
from .manager import Plugins
from .policies import Policy, make_policy
from .state import Phase

__all__ = ["RunRecord", "SimulationSummary", "play_run", "run_seed", "simulate"]

#: A run stops after this many actions even if it is not over (a policy stuck in a loop).
MAX_ACTIONS = 20_000


def run_seed(seed: str, index: int) -> str:
    """The game seed of run ``index`` in a simulation seeded ``seed``."""
    return f"{seed}-{index}"


@dataclass(frozen=True)
class RunRecord:
    """How one run went."""

    seed: str
    won: bool
    #: The ante of the last blind played (the win ante for a won run that stopped there).
    ante: int
    rounds: int
    #: Chips scored in the last round played.
    final_score: float
    #: The best single hand of the run.
    best_hand: float
    dollars: int
    actions: int
    #: Stopped at the action limit before the run was over.
    truncated: bool = False


@dataclass
class SimulationSummary:
    """What :func:`simulate` found, ready for printing or ``json.dumps(summary.to_dict())``."""

    runs: int
    wins: int
    win_rate: float
    mean_ante: float
    #: Ante reached -> number of runs.
    ante_reached: dict[int, int]
    mean_final_score: float
    mean_best_hand: float
    mean_actions: float
    truncated: int
    runs_per_second: float
    seconds: float
    policy: str
    deck: str
    stake: str
    seed: str
    #: The profile the runs were played with ("all" or "shipped").
    unlocks: str = "all"
    records: list[RunRecord] = field(default_factory=list, repr=False)

    def to_dict(self, *, records: bool = False) -> dict[str, Any]:
        """The summary as JSON-ready data (ante keys become strings, in ante order)."""
        data = asdict(self)
        data["ante_reached"] = {str(a): n for a, n in sorted(self.ante_reached.items())}
        if records:
            data["records"] = [asdict(r) for r in self.records]
        else:
            del data["records"]
        return data


def play_run(
    seed: str,
    policy: Policy | str = "random",
    *,
    deck: str = "Red Deck",
    stake: str | int = "White Stake",
    plugins: Plugins | None = None,
    endless: bool = False,
    max_ante: int | None = None,
    max_actions: int = MAX_ACTIONS,
    unlocks: str = "all",
) -> RunRecord:
    """Play one run to its end with ``policy`` and record how it went.

    :param endless: Keep playing after the win, until the run is lost (or ``max_ante``).
    :param max_ante: Stop once the run reaches this ante.
    :param unlocks: The profile (``"all"`` or ``"shipped"``, see :class:`~balatro_ecs.Game`).
    """
    game = Game(deck=deck, stake=stake, seed=seed, plugins=plugins, unlocks=unlocks)
    chooser = make_policy(policy, seed) if isinstance(policy, str) else policy
    run = game.run
    best = 0.0
    actions = 0
    rounds_ante = run.ante
    while run.phase is not Phase.GAME_OVER and actions < max_actions:
        if run.won and not endless:
            break
        if max_ante is not None and run.ante >= max_ante and run.phase is Phase.BLIND_SELECT:
            break
        if run.phase is Phase.ROUND:
            rounds_ante = run.ante
        outcome = game.apply(chooser.choose(game))
        actions += 1
        if outcome.score is not None and outcome.score.score > best:
            best = float(outcome.score.score)
    over = run.phase is Phase.GAME_OVER or (run.won and not endless)
    return RunRecord(
        seed=seed,
        won=run.won,
        ante=rounds_ante,
        rounds=run.round,
        final_score=float(run.chips),
        best_hand=best,
        dollars=run.dollars,
        actions=actions,
        truncated=not over and actions >= max_actions,
    )


def _play_chunk(
    job: tuple[list[str], str, str, str | int, tuple[str, ...], bool, int | None, str],
) -> list[RunRecord]:
    seeds, policy, deck, stake, block, endless, max_ante, unlocks = job
    plugins = Plugins(block=block) if block else Plugins.default()
    return [
        play_run(
            s,
            policy,
            deck=deck,
            stake=stake,
            plugins=plugins,
            endless=endless,
            max_ante=max_ante,
            unlocks=unlocks,
        )
        for s in seeds
    ]


def simulate(
    runs: int,
    *,
    policy: str = "random",
    seed: str = "SIM",
    deck: str = "Red Deck",
    stake: str | int = "White Stake",
    block: Sequence[str] = (),
    workers: int = 1,
    endless: bool = False,
    max_ante: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    unlocks: str = "all",
) -> SimulationSummary:
    """Play ``runs`` seeded runs with a built-in policy and summarise them.

    :param policy: A name from :data:`~balatro_ecs.policies.POLICIES`.
    :param seed: The simulation seed; run ``i`` is seeded :func:`run_seed(seed, i) <run_seed>`.
    :param block: Plugin names or keys to leave out.
    :param workers: Processes to play in (the summary is the same for any number).
    :param on_progress: Called with the number of runs just finished.
    :param unlocks: The profile: ``"all"`` (default) or ``"shipped"``.
    """
    if runs < 1:
        raise BalatroError(f"runs: expected at least 1, got {runs}")
    if workers < 1:
        raise BalatroError(f"workers: expected at least 1, got {workers}")
    if unlocks not in ("all", "shipped"):
        raise BalatroError(f"unlocks: 'all' or 'shipped', not {unlocks!r}")
    make_policy(policy)  # an unknown name fails here, before any run
    plugins = Plugins(block=block) if block else Plugins.default()
    deck_name = plugins.deck(deck).name  # check names up front, with the usual errors
    stake_name = plugins.stake(stake).name
    seeds = [run_seed(seed, i) for i in range(runs)]
    started = time.perf_counter()
    records: list[RunRecord] = []
    if workers == 1:
        for s in seeds:
            records.append(
                play_run(
                    s,
                    policy,
                    deck=deck,
                    stake=stake,
                    plugins=plugins,
                    endless=endless,
                    max_ante=max_ante,
                    unlocks=unlocks,
                )
            )
            if on_progress is not None:
                on_progress(1)
    else:
        size = max(1, min(50, runs // (workers * 4) or 1))
        chunks = [seeds[i : i + size] for i in range(0, runs, size)]
        jobs = [(c, policy, deck, stake, tuple(block), endless, max_ante, unlocks) for c in chunks]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for chunk in pool.map(_play_chunk, jobs):
                records.extend(chunk)
                if on_progress is not None:
                    on_progress(len(chunk))
    seconds = time.perf_counter() - started
    return _summarise(records, seconds, policy, deck_name, stake_name, seed, unlocks)


def _summarise(
    records: list[RunRecord],
    seconds: float,
    policy: str,
    deck: str,
    stake: str,
    seed: str,
    unlocks: str,
) -> SimulationSummary:
    n = len(records)
    wins = sum(1 for r in records if r.won)
    antes = Counter(r.ante for r in records)
    return SimulationSummary(
        runs=n,
        wins=wins,
        win_rate=round(wins / n, 6),
        mean_ante=round(sum(r.ante for r in records) / n, 6),
        ante_reached=dict(sorted(antes.items())),
        mean_final_score=round(sum(r.final_score for r in records) / n, 3),
        mean_best_hand=round(sum(r.best_hand for r in records) / n, 3),
        mean_actions=round(sum(r.actions for r in records) / n, 3),
        truncated=sum(1 for r in records if r.truncated),
        runs_per_second=round(n / seconds, 3) if seconds > 0 else 0.0,
        seconds=round(seconds, 3),
        policy=policy,
        deck=deck,
        stake=stake,
        seed=seed,
        unlocks=unlocks,
        records=records,
    )

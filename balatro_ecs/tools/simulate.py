"""Play many seeded runs with a policy and summarise them (the batch runner, simply).

Run ``i`` of a simulation with seed ``S`` plays the game seeded ``S-i`` (see
:func:`run_seed`), so any run can be replayed alone, and the summary does not depend on
the backend or on how many workers played the runs.

>>> summary = simulate(2, policy="random", seed="DOCTEST")
>>> summary.runs, sum(summary.ante_reached.values())
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from ..kernel.errors import BalatroError
from ..kernel.manager import Plugins
from .batch import (
    MAX_ACTIONS,
    BatchResult,
    RecordSink,
    RunRecord,
    RunSpec,
    Summary,
    make_executor,
    play_seed,
    run_batch,
    run_seed,
    summarise,
)
from .policies import Policy

__all__ = ["RunRecord", "SimulationSummary", "play_run", "run_seed", "simulate"]


@dataclass
class SimulationSummary(Summary):
    """A :class:`~balatro_ecs.tools.batch.Summary` that keeps its runs' records (and, as every
    summary does, the packs the runs were played with: id -> version, :attr:`Plugins.packs
    <balatro_ecs.kernel.manager.Plugins.packs>`)."""

    records: list[RunRecord] = field(default_factory=list, repr=False)

    def to_dict(self, *, records: bool = False) -> dict[str, Any]:
        """JSON-ready data; ``records=True`` adds every run's record."""
        data = super().to_dict()
        del data["records"]
        if records:
            data["records"] = [r.to_dict() for r in self.records]
        return data


PolicyLike = str | Policy | Callable[[str], Policy]


def play_run(
    seed: str,
    policy: PolicyLike = "random",
    *,
    deck: str | None = None,
    stake: str | int | None = None,
    plugins: Plugins | None = None,
    endless: bool = False,
    max_ante: int | None = None,
    max_actions: int = MAX_ACTIONS,
    unlocks: str = "all",
) -> RunRecord:
    """Play one run to its end with ``policy`` and record how it went.

    :param policy: A built-in name, ``"module:callable"``, a callable taking the seed, or
        a policy object.
    :param endless: Keep playing after the win, until the run is lost (or ``max_ante``).
    :param max_ante: Stop once the run reaches this ante.
    :param unlocks: The profile (``"all"`` or ``"shipped"``, see :class:`~balatro_ecs.Game`).
    """
    spec = RunSpec(
        policy=policy if isinstance(policy, str) else _name(policy),
        deck=deck,
        stake=stake,
        unlocks=unlocks,
        endless=endless,
        max_ante=max_ante,
        max_actions=max_actions,
    )
    return play_seed(seed, spec, plugins, None if isinstance(policy, str) else policy)


def _index(seed: str) -> int:
    """A batch run's number (``SIM-12`` -> 12)."""
    tail = seed.rpartition("-")[2]
    return int(tail) if tail.isdigit() else -1


def _name(policy: Any) -> str:
    return str(getattr(policy, "name", None) or type(policy).__name__)


def simulate(
    runs: int,
    *,
    policy: PolicyLike = "random",
    seed: str = "SIM",
    deck: str | None = None,
    stake: str | int | None = None,
    block: Sequence[str] = (),
    workers: int = 1,
    backend: str = "process",
    executor: Executor | None = None,
    endless: bool = False,
    max_ante: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    unlocks: str = "all",
    max_actions: int = MAX_ACTIONS,
    action_log: bool = False,
    sink: RecordSink | None = None,
) -> SimulationSummary:
    """Play ``runs`` seeded runs with a policy and summarise them.

    :param policy: A built-in name (``"random"``, ``"greedy"``), ``"module:callable"`` (a
        factory called with each run's seed), or -- when playing here, one run after
        another -- a policy object or a callable.
    :param seed: The simulation seed; run ``i`` is seeded :func:`run_seed(seed, i) <run_seed>`.
    :param block: Plugin names or keys to leave out.
    :param workers: How many workers play (the summary is the same for any number).
    :param backend: ``"process"`` (a local process pool), ``"dask"`` (a local Dask
        cluster), ``"ray"`` (a local Ray) or ``"serial"``; ignored when ``executor`` is
        given.
    :param executor: Any ``concurrent.futures.Executor`` to play on (a Dask client's
        ``get_executor()`` on a real cluster, say); it is not shut down here.
    :param on_progress: Called with the number of runs just finished.
    :param unlocks: The profile: ``"all"`` (default) or ``"shipped"``.
    :param action_log: Keep each run's actions in its record (``RunRecord.action_log``).
    :param sink: Where each run's record is written as it finishes
        (:class:`~balatro_ecs.batch.RecordSink`); the runs it already holds (a resumed
        batch: ``RecordSink(path, resume=True)``) are not played again, and count in the
        summary.
    """
    if runs < 1:
        raise BalatroError(f"runs: expected at least 1, got {runs}")
    if workers < 1:
        raise BalatroError(f"workers: expected at least 1, got {workers}")
    named = isinstance(policy, str)
    spec = RunSpec(
        policy=policy if named else _name(policy),  # type: ignore[arg-type]
        deck=deck,
        stake=stake,
        unlocks=unlocks,
        block=tuple(block),
        endless=endless,
        max_ante=max_ante,
        max_actions=max_actions,
        action_log=action_log,
    )
    seeds = [run_seed(seed, i) for i in range(runs)]
    previous: list[RunRecord] = []
    if sink is not None and sink.done:
        wanted = set(seeds)
        previous = [r for r in sink.previous if r.seed in wanted]
        seeds = [s for s in seeds if s not in sink.done]
        if on_progress is not None and previous:
            on_progress(len(previous))

    def progress(chunk: list[RunRecord]) -> None:
        if sink is not None:
            sink.write(chunk)
        if on_progress is not None:
            on_progress(len(chunk))

    if not named:
        if workers > 1:
            raise BalatroError(
                "policy: a policy object plays here only (workers=1); to play on workers, "
                "give it as 'module:callable'"
            )
        result = run_batch(seeds, spec, executor=executor, on_records=progress, seed=seed,
                           policy=policy)  # type: ignore[arg-type]  # fmt: skip
        return _summary(result, spec, previous)
    own = executor is None
    pool = make_executor(backend, workers) if own else executor
    try:
        result = run_batch(seeds, spec, executor=pool, on_records=progress, seed=seed)
    finally:
        if own and pool is not None:
            pool.shutdown()
    return _summary(result, spec, previous)


def _summary(
    result: BatchResult, spec: RunSpec, previous: list[RunRecord] | None = None
) -> SimulationSummary:
    summary = result.summary
    if previous:  # a resumed batch: the runs recorded before count too, in seed order
        records = sorted([*previous, *result.records], key=lambda r: _index(r.seed))
        again = summarise(records, summary.seconds, spec, summary.seed)
        again.runs_per_second = summary.runs_per_second  # (the runs played now)
        again.deck, again.stake = summary.deck, summary.stake
        result = BatchResult(records, again)
        summary = again
    fields = {name: getattr(summary, name) for name in Summary.__dataclass_fields__}
    return SimulationSummary(**fields, records=list(result.records))

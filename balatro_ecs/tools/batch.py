"""Playing many seeded runs: one record per run, on any ``concurrent.futures`` executor.

The unit of work is :func:`play_seeds`, a plain module-level function of a list of seeds and
a :class:`RunSpec` (both picklable), so the same batch runs serially, on a process pool, on a
Dask cluster (``client.get_executor()``) or on Ray (:class:`RayExecutor`) and gives the same
records, in seed order, on every backend. A run that raises is recorded with its failure and
the batch goes on.

>>> result = run_batch(["DOC-0", "DOC-1"], RunSpec(policy="random", max_ante=2))
>>> [r.seed for r in result.records], result.summary.runs
(['DOC-0', 'DOC-1'], 2)

Records export to JSON lines, CSV or Parquet (:func:`write_records`; Parquet needs
``pip install 'balatro-ecs[parquet]'``) and plot with :func:`plot_records` (``[plot]``).
"""

from __future__ import annotations

import contextlib
import csv
import importlib
import io
import json
import os
import signal
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, cast

from ..game.game import Game
from ..game.state import Phase
from ..kernel.errors import BalatroError, show
from ..kernel.manager import Plugins
from .policies import POLICIES, Policy

__all__ = [
    "BACKENDS",
    "BatchResult",
    "BlindScore",
    "RayExecutor",
    "RecordSink",
    "RunRecord",
    "RunSpec",
    "Summary",
    "make_executor",
    "parquet_schema",
    "play_seed",
    "play_seeds",
    "plot_figure",
    "plot_records",
    "plugin_set",
    "read_records",
    "resolve_policy",
    "run_batch",
    "run_seed",
    "write_records",
]

#: A run stops after this many actions (a policy that never ends a run is cut off).
MAX_ACTIONS = 20_000

#: The executors :func:`make_executor` builds by name.
BACKENDS = ("serial", "process", "dask", "ray")


def run_seed(seed: str, index: int) -> str:
    """The game seed of run ``index`` in a batch seeded ``seed``: ``SEED-<index>``."""
    return f"{seed}-{index}"


# ---------------------------------------------------------------------------------------
# what a batch plays, and what each run gives
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunSpec:
    """Everything but the seed that decides a run: picklable, so it travels to workers.

    :param policy: A built-in policy's name (``"random"``, ``"greedy"``) or
        ``"module:callable"``, a callable that takes the run's seed and returns an object
        with ``choose(game) -> Action``.
    :param block: Plugin names or content keys to leave out.
    :param endless: Play on after the win.
    :param max_ante: Stop a run once it reaches this ante.
    :param max_actions: Stop a run after this many actions (it is marked truncated).
    :param action_log: Keep every run's actions in its record (:attr:`RunRecord.action_log`).
    """

    policy: str = "random"
    #: ``None``: the plugin set's first deck and lowest stake (the game's Red Deck, White
    #: Stake).
    deck: str | None = None
    stake: str | int | None = None
    unlocks: str = "all"
    block: tuple[str, ...] = ()
    endless: bool = False
    max_ante: int | None = None
    max_actions: int = MAX_ACTIONS
    action_log: bool = False


@dataclass(frozen=True)
class BlindScore:
    """One blind played: its ante, key, the score needed and the score made."""

    ante: int
    blind: str
    target: float
    score: float

    @property
    def beaten(self) -> bool:
        return self.score >= self.target


@dataclass(frozen=True)
class RunRecord:
    """How one run went. ``failure`` names the exception if the run raised."""

    seed: str
    won: bool
    #: The ante of the last blind played (the win ante for a won run that stopped there).
    ante: int
    #: Blinds played (rounds); ``blinds_beaten`` of them were beaten.
    rounds: int
    blinds_beaten: int
    final_score: float
    best_hand: float
    dollars: int
    actions: int
    truncated: bool
    #: Time the run took (not compared: the same run takes other times).
    seconds: float = field(compare=False)
    blinds: tuple[BlindScore, ...] = ()
    failure: str | None = None
    #: Every action of the run in order, as the terminal spells it (``play 1 3 4``;
    #: :func:`~balatro_ecs.actions.parse_action` reads it back), when the spec asks for
    #: it (:attr:`RunSpec.action_log`); empty otherwise.
    action_log: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; ``blinds`` as a list of objects, ``action_log`` as a list."""
        data = asdict(self)
        data["blinds"] = [asdict(b) for b in self.blinds]
        data["action_log"] = list(self.action_log)
        return data

    def flat(self) -> dict[str, Any]:
        """One flat row (for CSV): ``blinds`` and ``action_log`` as JSON strings."""
        data = self.to_dict()
        data["blinds"] = json.dumps(data["blinds"], separators=(",", ":"))
        data["action_log"] = json.dumps(data["action_log"], separators=(",", ":"))
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunRecord:
        """A record from :meth:`to_dict` or :meth:`flat` output (a file read back).

        :raises BalatroError: for data that is not a record (a field missing or of
            another kind), naming the field.
        """
        names = cls.__dataclass_fields__
        if not isinstance(data, Mapping) or set(data) != set(names):
            got = sorted(data) if isinstance(data, Mapping) else type(data).__name__
            raise BalatroError(
                f"not a run record: expected the fields {sorted(names)}, got {show(got)}"
            )
        values = dict(data)
        blinds = values["blinds"]
        if isinstance(blinds, str):
            blinds = json.loads(blinds)
        try:
            values["blinds"] = tuple(BlindScore(**b) for b in blinds)
            kinds = {"won": bool, "truncated": bool}
            for name, kind in kinds.items():
                if isinstance(values[name], str):  # (CSV)
                    values[name] = values[name] == "True"
                elif not isinstance(values[name], kind):
                    raise TypeError(name)
            for name in ("ante", "rounds", "blinds_beaten", "dollars", "actions"):
                values[name] = int(values[name])
            for name in ("final_score", "best_hand", "seconds"):
                values[name] = float(values[name])
            if values["failure"] in ("", None):
                values["failure"] = None
            log = values["action_log"]
            if isinstance(log, str):  # (CSV)
                log = json.loads(log)
            values["action_log"] = tuple(str(text) for text in log)
            return cls(**values)
        except (TypeError, ValueError, KeyError) as err:
            raise BalatroError(f"not a run record: {show(str(err))}") from None


# ---------------------------------------------------------------------------------------
# policies
# ---------------------------------------------------------------------------------------


def resolve_policy(policy: str | Policy | Callable[[str], Policy], seed: str) -> Policy:
    """The policy object for one run.

    ``policy`` is a built-in name, ``"module:callable"`` (called with the run's seed), a
    callable taking the seed, or an object that already has ``choose(game)``.
    """
    if isinstance(policy, str):
        if policy in POLICIES:
            return POLICIES[policy](seed)
        factory = _import_policy(policy)
        return _made(factory, seed, policy)
    if hasattr(policy, "choose"):
        return cast(Policy, policy)
    if callable(policy):
        return _made(policy, seed, getattr(policy, "__name__", repr(policy)))
    raise BalatroError(
        f"policy: expected a name, 'module:callable' or a policy, got {show(policy)}"
    )


def _made(factory: Callable[[str], Any], seed: str, name: str) -> Policy:
    made = factory(seed)
    if not hasattr(made, "choose"):
        raise BalatroError(
            f"policy {name}: calling it gave {show(made)}, which has no choose(game)"
        )
    return made  # type: ignore[no-any-return]


def _import_policy(spec: str) -> Callable[[str], Any]:
    module_name, sep, attribute = spec.partition(":")
    if not sep or not module_name or not attribute:
        raise BalatroError(
            f"policy: unknown policy {spec!r}; give one of {', '.join(sorted(POLICIES))} "
            "or 'module:callable'"
        )
    try:
        module = _import_here(module_name)
    except ImportError as err:
        raise BalatroError(f"policy {spec}: cannot import {show(module_name)}: {err}") from None
    try:
        target: Any = module
        for part in attribute.split("."):
            target = getattr(target, part)
    except AttributeError:
        raise BalatroError(f"policy {spec}: {module_name} has no {show(attribute)}") from None
    if hasattr(target, "choose") and not isinstance(target, type):
        return lambda _seed: target
    if not callable(target):
        raise BalatroError(f"policy {spec}: {show(attribute)} is not callable")
    return target  # type: ignore[no-any-return]


def _import_here(name: str) -> Any:
    """``importlib.import_module(name)``, looking in the current directory too (as
    ``python -m`` would): ``--policy mypolicy:make`` finds ``./mypolicy.py``."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        here = os.getcwd()
        top = name.partition(".")[0]
        if err.name != top or here in sys.path or "" in sys.path:
            raise
        sys.path.append(here)
        return importlib.import_module(name)


# ---------------------------------------------------------------------------------------
# one run
# ---------------------------------------------------------------------------------------


def play_seed(
    seed: str,
    spec: RunSpec,
    plugins: Plugins | None = None,
    policy: Policy | Callable[[str], Policy] | None = None,
) -> RunRecord:
    """Play one run to its end and record it; an exception becomes the record's failure."""
    started = time.perf_counter()
    blinds: list[BlindScore] = []
    best = 0.0
    actions = 0
    log: list[str] | None = [] if spec.action_log else None
    game: Game | None = None
    try:
        game = Game(  # a failed run is recorded and dropped: no need to undo actions
            deck=spec.deck,
            stake=spec.stake,
            seed=seed,
            plugins=plugins,
            unlocks=spec.unlocks,
            atomic=False,
        )
        chooser = resolve_policy(policy if policy is not None else spec.policy, seed)
        run = game.run
        while run.phase is not Phase.GAME_OVER and actions < spec.max_actions:
            if run.won and not spec.endless:
                break
            if (
                spec.max_ante is not None
                and run.ante >= spec.max_ante
                and run.phase is Phase.BLIND_SELECT
            ):
                break
            in_round = run.phase is Phase.ROUND
            blind = game.blind.key if in_round and game.blind is not None else ""
            ante, target = run.ante, run.blind_chips
            action = chooser.choose(game)
            outcome = game.apply(action)
            actions += 1
            if log is not None:
                log.append(action.text())
            if outcome.score is not None and outcome.score.score > best:
                best = float(outcome.score.score)
            if in_round and run.phase is not Phase.ROUND:
                blinds.append(BlindScore(ante, blind, float(target), float(run.chips)))
        return _record(seed, game, blinds, best, actions, spec, started, None, log)
    except Exception as err:  # a failed run is data, not the end of the batch
        failure = f"{type(err).__name__}: {err}"
        where = traceback.extract_tb(err.__traceback__)[-1:]
        if where:
            failure += f" (at {Path(where[0].filename).name}:{where[0].lineno})"
        return _record(seed, game, blinds, best, actions, spec, started, failure, log)
    finally:
        if game is not None:
            game.close()


def _record(
    seed: str,
    game: Game | None,
    blinds: list[BlindScore],
    best: float,
    actions: int,
    spec: RunSpec,
    started: float,
    failure: str | None,
    log: list[str] | None = None,
) -> RunRecord:
    run = game.run if game is not None else None
    over = run is not None and (run.phase is Phase.GAME_OVER or (run.won and not spec.endless))
    return RunRecord(
        seed=seed,
        won=bool(run and run.won),
        ante=blinds[-1].ante if blinds else (run.ante if run else 0),
        rounds=len(blinds),
        blinds_beaten=sum(1 for b in blinds if b.beaten),
        final_score=float(run.chips) if run else 0.0,
        best_hand=best,
        dollars=run.dollars if run else 0,
        actions=actions,
        truncated=failure is None and not over and actions >= spec.max_actions,
        seconds=round(time.perf_counter() - started, 6),
        blinds=tuple(blinds),
        failure=failure,
        action_log=tuple(log or ()),
    )


@cache
def _worker_plugins(block: tuple[str, ...]) -> Plugins:
    return Plugins(block=block) if block else Plugins.default()


def play_seeds(seeds: Sequence[str], spec: RunSpec) -> list[RunRecord]:
    """Play each seed (the unit of work sent to executors: picklable in and out)."""
    plugins = _worker_plugins(tuple(spec.block))
    return [play_seed(seed, spec, plugins) for seed in seeds]


# ---------------------------------------------------------------------------------------
# many runs
# ---------------------------------------------------------------------------------------


@dataclass
class Summary:
    """What a batch found. Every field but ``runs_per_second`` and ``seconds`` is the same
    for the same seeds and spec, on any backend and with any number of workers."""

    runs: int
    wins: int
    win_rate: float
    mean_ante: float
    #: Ante reached -> number of runs.
    ante_reached: dict[int, int]
    mean_rounds: float
    mean_final_score: float
    mean_best_hand: float
    mean_actions: float
    truncated: int
    failures: int
    runs_per_second: float
    seconds: float
    policy: str
    deck: str
    stake: str
    seed: str
    unlocks: str = "all"
    #: The plugin packages the runs were played with: distribution -> version.
    plugins: dict[str, str] = field(default_factory=dict)
    #: The packs the runs were played with: pack id -> version, in load order
    #: (:attr:`Plugins.packs <balatro_ecs.kernel.manager.Plugins.packs>`).
    packs: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ante_reached"] = {str(a): n for a, n in sorted(self.ante_reached.items())}
        return data


@dataclass
class BatchResult:
    """The records, in seed order, and their summary."""

    records: list[RunRecord]
    summary: Summary


def summarise(
    records: Sequence[RunRecord],
    seconds: float,
    spec: RunSpec,
    seed: str = "",
    plugins: Plugins | None = None,
    deck: str | None = None,
    stake: str | None = None,
) -> Summary:
    """The summary of ``records`` (an empty batch gives zeros)."""
    n = len(records)
    wins = sum(1 for r in records if r.won)
    played_with = plugins if plugins is not None else _worker_plugins(spec.block)

    def mean(values: Iterator[float], digits: int) -> float:
        return round(sum(values) / n, digits) if n else 0.0

    return Summary(
        runs=n,
        wins=wins,
        win_rate=round(wins / n, 6) if n else 0.0,
        mean_ante=mean((r.ante for r in records), 6),
        ante_reached=dict(sorted(Counter(r.ante for r in records).items())),
        mean_rounds=mean((r.rounds for r in records), 3),
        mean_final_score=mean((r.final_score for r in records), 3),
        mean_best_hand=mean((r.best_hand for r in records), 3),
        mean_actions=mean((r.actions for r in records), 3),
        truncated=sum(1 for r in records if r.truncated),
        failures=sum(1 for r in records if r.failure is not None),
        runs_per_second=round(n / seconds, 3) if seconds > 0 else 0.0,
        seconds=round(seconds, 3),
        policy=spec.policy,
        deck=deck or str(spec.deck),
        stake=stake or str(spec.stake),
        seed=seed,
        unlocks=spec.unlocks,
        plugins=plugin_set(played_with),
        packs=dict(played_with.packs),
    )


def _chunks(seeds: Sequence[str], size: int) -> list[list[str]]:
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def run_batch(
    seeds: Sequence[str],
    spec: RunSpec,
    *,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    on_records: Callable[[list[RunRecord]], None] | None = None,
    seed: str = "",
    policy: Policy | Callable[[str], Policy] | None = None,
) -> BatchResult:
    """Play every seed with ``spec`` and summarise.

    :param executor: Where to play (any ``concurrent.futures.Executor``: a process pool,
        ``dask.distributed.Client.get_executor()``, :class:`RayExecutor`); ``None`` plays
        here, one run after another.
    :param policy: A policy object or factory to play here with instead of
        ``spec.policy`` (objects do not travel to workers: name a ``module:callable``).
    :param chunk_size: Seeds per unit of work (default: a few chunks per worker).
    :param on_records: Called with each chunk's records as soon as it finishes (in the
        order chunks finish): write them out there (:class:`RecordSink`), so that an
        interrupted batch keeps its finished runs.
    :param seed: The batch seed, for the summary.

    Finished work is never lost. A chunk whose worker process died (a
    ``BrokenProcessPool``: killed, out of memory) is played again seed by seed in a fresh
    one-worker pool, where a seed that kills its worker again is recorded as failed
    (``failure`` says so) and the rest are played. ``KeyboardInterrupt`` stops the batch at
    once: chunks not started are cancelled, the pool's workers are stopped (they ignore
    the interrupt themselves: :func:`make_executor`), and the interrupt goes on -- the
    records already given to ``on_records`` are all there is.

    The records come back in seed order, whatever order they finished in.
    """
    if policy is not None and executor is not None:
        raise BalatroError(
            "policy: a policy object plays here only; to play on workers, give it as "
            "'module:callable' in the RunSpec"
        )
    _check_spec(spec, check_policy=policy is None)
    plugins = _worker_plugins(tuple(spec.block))
    deck, stake = plugins.deck(spec.deck).name, plugins.stake(spec.stake).name
    started = time.perf_counter()
    records: list[RunRecord] = []

    def finished(chunk: list[RunRecord]) -> None:
        records.extend(chunk)
        if on_records is not None:
            on_records(chunk)

    if executor is None:
        for s in seeds:
            finished([play_seed(s, spec, plugins, policy)])
    else:
        size = chunk_size or max(1, min(25, len(seeds) // 16 or 1))
        _run_chunks(executor, _chunks(seeds, size), spec, finished)
    order = {s: i for i, s in enumerate(seeds)}
    records.sort(key=lambda r: order.get(r.seed, len(order)))
    seconds = time.perf_counter() - started
    summary = summarise(records, seconds, spec, seed, plugins, deck, stake)
    return BatchResult(records, summary)


def _run_chunks(
    executor: Executor,
    chunks: list[list[str]],
    spec: RunSpec,
    finished: Callable[[list[RunRecord]], None],
) -> None:
    """Play the chunks on ``executor``, handing each chunk's records to ``finished`` as
    it completes; chunks lost with a dead worker are played again (:func:`_replay_lost`)."""
    futures: dict[Future[list[RunRecord]], list[str]] = {}
    try:
        for chunk in chunks:
            futures[executor.submit(play_seeds, chunk, spec)] = chunk
        lost: list[str] = []
        for future in as_completed(futures):
            chunk = futures[future]
            try:
                done = future.result()
            except BrokenExecutor:
                lost += chunk  # its worker died (or the pool broke with another's death)
                continue
            except Exception as err:  # the executor failed the chunk: its runs failed
                done = [_failed(s, spec, f"{type(err).__name__}: {show(str(err))}") for s in chunk]
            finished(done)
        if lost:
            _replay_lost(lost, spec, finished)
    except BaseException:  # KeyboardInterrupt above all: stop the workers at once
        _abandon(executor, futures)
        raise


def _replay_lost(
    seeds: list[str], spec: RunSpec, finished: Callable[[list[RunRecord]], None]
) -> None:
    """Play again the seeds whose worker died, one at a time in a one-worker pool: a
    seed that kills its worker again is the one it was playing, recorded as failed; the
    pool is made again for the seeds after it."""
    pending = list(seeds)
    while pending:
        pool = make_executor("process", 1, force_pool=True)
        assert pool is not None
        futures = [pool.submit(play_seeds, [s], spec) for s in pending]
        try:
            for i, future in enumerate(futures):
                try:
                    done = future.result()
                except BrokenExecutor:
                    culprit = pending[i]
                    finished([_failed(culprit, spec, "worker process died playing it")])
                    pending = pending[i + 1 :]
                    break
                finished(done)
            else:
                pending = []
        except BaseException:
            _abandon(pool, futures)
            raise
        pool.shutdown(wait=False, cancel_futures=True)


def _failed(seed: str, spec: RunSpec, failure: str) -> RunRecord:
    """The record of a run that could not be played (its worker died)."""
    return RunRecord(
        seed=seed, won=False, ante=0, rounds=0, blinds_beaten=0, final_score=0.0,
        best_hand=0.0, dollars=0, actions=0, truncated=False, seconds=0.0, failure=failure,
    )  # fmt: skip


def _abandon(executor: Executor, futures: Iterable[Future[Any]]) -> None:
    """Stop at once: cancel what has not started, and end a process pool's workers
    (running chunks are given up; their runs are not recorded)."""
    previous = _ignore_interrupts()  # a second Ctrl-C does not break the clean-up
    try:
        processes = getattr(executor, "_processes", None)  # a ProcessPoolExecutor's
        if not isinstance(processes, dict):
            for future in futures:
                future.cancel()
        # (A process pool cancels its own pending chunks: cancelling them here too would
        # make its manager thread fail on them when the workers are ended.)
        with contextlib.suppress(Exception):
            executor.shutdown(wait=False, cancel_futures=True)
        if isinstance(processes, dict):
            for process in list(processes.values()):
                with contextlib.suppress(Exception):
                    process.terminate()
    finally:
        _restore_interrupts(previous)


def _ignore_interrupts() -> Any:
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGINT, signal.SIG_IGN)


def _restore_interrupts(previous: Any) -> None:
    if previous is not None:
        signal.signal(signal.SIGINT, previous)


def _worker_init() -> None:
    """A pool worker ignores Ctrl-C: the terminal sends it to the whole process group,
    and the parent alone stops the batch (and the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _check_spec(spec: RunSpec, check_policy: bool = True) -> None:
    """Fail early, before any run, on what would fail every run."""
    if spec.unlocks not in ("all", "shipped"):
        raise BalatroError(f"unlocks: 'all' or 'shipped', not {show(spec.unlocks)}")
    if spec.max_actions < 1:
        raise BalatroError(f"max_actions: expected at least 1, got {spec.max_actions}")
    if check_policy:
        resolve_policy(spec.policy, "CHECK")


# ---------------------------------------------------------------------------------------
# executors
# ---------------------------------------------------------------------------------------


class RayExecutor(Executor):
    """A ``concurrent.futures`` executor on Ray (``pip install 'balatro-ecs[ray]'``).

    Each ``submit`` becomes a Ray task; ``address`` joins an existing cluster (``None``
    starts a local one, ``"auto"`` finds a running one).
    """

    def __init__(self, address: str | None = None, **init_kwargs: Any) -> None:
        try:
            import ray
        except ImportError:
            raise BalatroError(
                "the Ray backend needs Ray: pip install 'balatro-ecs[ray]'"
            ) from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            ray.init(address=address, **init_kwargs)
            self._started = True

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        task = self._ray.remote(fn)
        return task.remote(*args, **kwargs).future()  # type: ignore[no-any-return]

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False


class _DaskExecutor(Executor):
    """A local Dask cluster's executor that closes its client on shutdown."""

    def __init__(self, workers: int) -> None:
        try:
            import dask.distributed
        except ImportError:
            raise BalatroError(
                "the Dask backend needs dask.distributed: pip install 'balatro-ecs[dask]'"
            ) from None
        distributed: Any = dask.distributed  # untyped library
        self._cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        self._client = distributed.Client(self._cluster)
        self._executor = self._client.get_executor()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return self._executor.submit(fn, *args, **kwargs)  # type: ignore[no-any-return]

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._client.close()
        self._cluster.close()


def make_executor(backend: str, workers: int, *, force_pool: bool = False) -> Executor | None:
    """An executor by name: ``serial`` (``None``), ``process``, ``dask`` (a local
    cluster) or ``ray`` (a local Ray). Shut it down when done.

    A process pool's workers ignore Ctrl-C (the parent stops them: :func:`run_batch`);
    one worker plays here instead (``None``) unless ``force_pool``."""
    if workers < 1:
        raise BalatroError(f"workers: expected at least 1, got {workers}")
    if backend == "serial" or (backend == "process" and workers == 1 and not force_pool):
        return None
    if backend == "process":
        return ProcessPoolExecutor(max_workers=workers, initializer=_worker_init)
    if backend == "dask":
        return _DaskExecutor(workers)
    if backend == "ray":
        return RayExecutor(num_cpus=workers)
    raise BalatroError(f"backend: one of {', '.join(BACKENDS)}, not {show(backend)}")


# ---------------------------------------------------------------------------------------
# the plugin set
# ---------------------------------------------------------------------------------------


def plugin_set(plugins: Plugins) -> dict[str, str]:
    """The packages whose content ``plugins`` holds: distribution -> version (sorted)."""
    return plugins.package_versions()


# ---------------------------------------------------------------------------------------
# exporting and plotting
# ---------------------------------------------------------------------------------------

#: Formats :func:`write_records` writes, by file suffix.
RECORD_FORMATS = (".jsonl", ".csv", ".parquet")


def write_records(records: Sequence[RunRecord], path: str | Path) -> Path:
    """Write records as JSON lines (``.jsonl``), CSV (``.csv``) or Parquet (``.parquet``).

    The file is written whole to a temporary name, then moved into place.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in RECORD_FORMATS:
        raise BalatroError(f"records: {target.name}: use one of {', '.join(RECORD_FORMATS)}")
    tmp = target.with_name(target.name + ".tmp")
    try:
        if suffix == ".jsonl":
            tmp.write_text(
                "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records),
                encoding="utf-8",
            )
        elif suffix == ".csv":
            tmp.write_text(_csv_text(records), encoding="utf-8", newline="")
        else:
            _write_parquet(records, tmp)
        tmp.replace(target)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise BalatroError(f"records: cannot write {target}: {err.strerror}") from None
    return target


class RecordSink:
    """Records written out as runs finish -- give :meth:`write` as ``on_records`` to
    :func:`run_batch` -- so that an interrupted or crashed batch keeps every finished run.

    ``.jsonl`` and ``.csv`` files are appended to (a line, a row per run, flushed per
    chunk); a ``.parquet`` file is written in parts, one per chunk, in the directory
    ``FILE.parts`` and joined into ``FILE`` by :meth:`close` (an interrupted batch leaves
    its parts). Records are in the order runs finished.

    ``resume=True`` keeps what the file (and its parts) already hold: :attr:`previous`
    are those records, :attr:`done` their seeds -- the runs a resumed batch skips.
    Otherwise the file starts empty.
    """

    def __init__(self, path: str | Path, *, resume: bool = False) -> None:
        self.path = Path(path)
        self.format = self.path.suffix.lower()
        if self.format not in RECORD_FORMATS:
            raise BalatroError(f"records: {self.path.name}: use one of {', '.join(RECORD_FORMATS)}")
        self.parts = self.path.with_name(self.path.name + ".parts")
        self.previous: list[RunRecord] = read_records(self.path, parts=True) if resume else []
        #: The seeds recorded so far (those of :attr:`previous` and those written since).
        self.done: set[str] = {r.seed for r in self.previous}
        #: Records written by this sink.
        self.written = 0
        self._part = 0
        try:
            if self.format == ".parquet":
                if not resume:
                    self._clear_parts()
                    self.path.unlink(missing_ok=True)
                self.parts.mkdir(exist_ok=True)
                self._part = len(list(self.parts.glob("part-*.parquet")))
            elif not resume or not self.path.exists():
                self.path.write_text(
                    _csv_header() if self.format == ".csv" else "", encoding="utf-8"
                )
        except OSError as err:
            raise BalatroError(f"records: cannot write {self.path}: {err.strerror}") from None

    def write(self, records: Sequence[RunRecord]) -> None:
        """Append these records (a chunk that just finished)."""
        if not records:
            return
        try:
            if self.format == ".parquet":
                _write_parquet(records, self.parts / f"part-{self._part:05d}.parquet")
                self._part += 1
            else:
                text = (
                    _csv_text(records, header=False)
                    if self.format == ".csv"
                    else "".join(
                        json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records
                    )
                )
                with self.path.open("a", encoding="utf-8", newline="") as out:
                    out.write(text)
                    out.flush()
        except OSError as err:
            raise BalatroError(f"records: cannot write {self.path}: {err.strerror}") from None
        self.written += len(records)
        self.done.update(r.seed for r in records)

    def close(self) -> None:
        """Finish the file: a Parquet file's parts joined into it (the rest is written)."""
        if self.format != ".parquet" or not self.parts.exists():
            return
        records = read_records(self.path, parts=True)
        write_records(records, self.path)
        self._clear_parts()

    def _clear_parts(self) -> None:
        if self.parts.exists():
            for part in self.parts.glob("part-*.parquet"):
                part.unlink()
            with contextlib.suppress(OSError):
                self.parts.rmdir()


def read_records(path: str | Path, *, parts: bool = False) -> list[RunRecord]:
    """The records in a file :func:`write_records` or :class:`RecordSink` wrote (``[]``
    if there is none); ``parts``: with a Parquet file's unjoined parts too."""
    target = Path(path)
    suffix = target.suffix.lower()
    found: list[RunRecord] = []
    try:
        if suffix == ".jsonl" and target.exists():
            for n, line in enumerate(target.read_text(encoding="utf-8").splitlines(), 1):
                if line.strip():
                    try:
                        found.append(RunRecord.from_dict(json.loads(line)))
                    except (ValueError, BalatroError) as err:
                        raise BalatroError(f"records: {target.name} line {n}: {err}") from None
        elif suffix == ".csv" and target.exists():
            with target.open(encoding="utf-8", newline="") as rows:
                for row in csv.DictReader(rows):
                    found.append(RunRecord.from_dict(row))
        elif suffix == ".parquet":
            files = [target] if target.exists() else []
            folder = target.with_name(target.name + ".parts")
            if parts and folder.exists():
                files += sorted(folder.glob("part-*.parquet"))
            for file in files:
                found += [RunRecord.from_dict(row) for row in _read_parquet(file)]
    except OSError as err:
        raise BalatroError(f"records: cannot read {target}: {err.strerror}") from None
    return found


def _read_parquet(path: Path) -> list[dict[str, Any]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise BalatroError(
            "records: Parquet needs pyarrow: pip install 'balatro-ecs[parquet]'"
        ) from None
    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    return rows


def _json_line(record: RunRecord) -> str:
    return json.dumps(record.to_dict(), ensure_ascii=False) + "\n"


def _csv_header() -> str:
    return ",".join(RunRecord.__dataclass_fields__) + "\n"


def _csv_text(records: Sequence[RunRecord], header: bool = True) -> str:
    out = io.StringIO()
    names = [f for f in RunRecord.__dataclass_fields__]
    writer = csv.DictWriter(out, fieldnames=names, lineterminator="\n")
    if header:
        writer.writeheader()
    for record in records:
        writer.writerow(record.flat())
    return out.getvalue()


def parquet_schema() -> Any:
    """The Parquet schema of :class:`RunRecord` rows (needs pyarrow): one column per field,
    each with a fixed type whatever the records hold: ``blinds`` a list of structs
    ``{ante: int64, blind: string, target: double, score: double}``, ``failure`` a nullable
    string (all nulls when no run failed), ``action_log`` a list of strings."""
    import pyarrow as pa

    blind = pa.struct(
        [
            ("ante", pa.int64()),
            ("blind", pa.string()),
            ("target", pa.float64()),
            ("score", pa.float64()),
        ]
    )
    return pa.schema(
        [
            ("seed", pa.string()),
            ("won", pa.bool_()),
            ("ante", pa.int64()),
            ("rounds", pa.int64()),
            ("blinds_beaten", pa.int64()),
            ("final_score", pa.float64()),
            ("best_hand", pa.float64()),
            ("dollars", pa.int64()),
            ("actions", pa.int64()),
            ("truncated", pa.bool_()),
            ("seconds", pa.float64()),
            ("blinds", pa.list_(blind)),
            ("failure", pa.string()),
            ("action_log", pa.list_(pa.string())),
        ]
    )


def _write_parquet(records: Sequence[RunRecord], path: Path) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise BalatroError(
            "records: Parquet needs pyarrow: pip install 'balatro-ecs[parquet]'"
        ) from None
    schema = parquet_schema()
    rows = [r.to_dict() for r in records]
    table = pa.Table.from_pylist(rows, schema=schema)
    pq.write_table(table, path)


def plot_records(records: Sequence[RunRecord], path: str | Path, title: str = "") -> Path:
    """A PNG with the antes reached and the score per blind against its target
    (:func:`plot_figure`). Needs matplotlib (``pip install 'balatro-ecs[plot]'``)."""
    import matplotlib.pyplot as plt

    target = Path(path)
    figure = plot_figure(records, title)
    try:
        figure.savefig(target, dpi=110)
    except OSError as err:
        raise BalatroError(f"plot: cannot write {target}: {err.strerror}") from None
    finally:
        plt.close(figure)
    return target


def _ante_ticks(antes: Iterable[int], most: int = 12) -> list[int]:
    """Whole-number ticks over the antes shown: every ante, or every n-th when there are
    more than ``most``."""
    found = sorted(set(antes))
    if len(found) <= most:
        return found
    step = -(-(found[-1] - found[0] + 1) // most)
    return list(range(found[0], found[-1] + 1, step))


def plot_figure(records: Sequence[RunRecord], title: str = "") -> Any:
    """The matplotlib figure :func:`plot_records` saves: the antes reached (left) and
    each blind's score over its target (right), antes on whole-number axes. Close it
    with ``matplotlib.pyplot.close`` when done."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise BalatroError("plot: needs matplotlib: pip install 'balatro-ecs[plot]'") from None
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    antes = Counter(r.ante for r in records)
    xs = sorted(antes)
    left.bar(xs, [antes[a] for a in xs], color="#3b7dd8")
    left.set_xlabel("ante reached")
    left.set_ylabel("runs")
    left.set_title("Ante reached")
    points = [(b.ante, b.score / b.target) for r in records for b in r.blinds if b.target > 0]
    if points:
        right.scatter(
            [a + 0.15 * ((i % 7) - 3) / 3 for i, (a, _) in enumerate(points)],
            [max(ratio, 1e-3) for _, ratio in points],
            s=6,
            alpha=0.35,
            color="#d8553b",
        )
        right.set_yscale("log")
    right.axhline(1.0, color="black", linewidth=0.8)
    right.set_xlabel("ante")
    right.set_ylabel("score / blind target")
    right.set_title("Score per blind")
    # Antes are whole numbers: ticks at whole antes only (a few runs all reaching ante 2
    # would otherwise get ticks at 1.6, 1.8, 2.0, ...).
    left.set_xticks(_ante_ticks(xs))
    right.set_xticks(_ante_ticks([a for a, _ in points] or xs))
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    return figure

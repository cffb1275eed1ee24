"""Measure scoring speed: hands scored per second over a set of scenarios.

Every pass builds a fresh game for every scenario first (not timed), then scores each
game's hand once (timed), so every timed hand starts from exactly the state its scenario
describes. The figure reported is the median pass; the best pass is shown too. Run it
with ``balatro-ecs bench`` (or ``python -m balatro_ecs bench``).
"""

from __future__ import annotations

import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..game.scenario import Scenario
from ..kernel.manager import Plugins

__all__ = ["BenchResult", "bench_scoring", "default_vectors"]


@dataclass(frozen=True)
class BenchResult:
    """Timings of a benchmark run (seconds per pass, hands per pass)."""

    hands_per_pass: int
    pass_seconds: tuple[float, ...]
    build_seconds: float

    @property
    def median_rate(self) -> float:
        return self.hands_per_pass / statistics.median(self.pass_seconds)

    @property
    def best_rate(self) -> float:
        return self.hands_per_pass / min(self.pass_seconds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands_per_pass": self.hands_per_pass,
            "passes": len(self.pass_seconds),
            "hands_per_second_median": round(self.median_rate),
            "hands_per_second_best": round(self.best_rate),
            "microseconds_per_hand_median": round(1e6 / self.median_rate, 2),
            "python": platform.python_version(),
        }


#: Where the conformance vectors sit in a source tree (and in the installed package).
VECTORS = Path("tests") / "data" / "scoring-vectors.json"
SHIPPED_VECTORS = Path(__file__).resolve().parent / "data" / "scoring-vectors.json"


def default_vectors() -> Path | None:
    """The conformance vectors: the source tree's (``tests/data/scoring-vectors.json`` of
    the checkout this module runs from, or under the current directory), else the copy
    installed with the package -- so ``balatro-ecs conformance`` and ``bench`` work after
    a plain ``pip install .``."""
    for here in (Path(__file__).resolve().parents[2] / VECTORS, Path.cwd() / VECTORS):
        if here.is_file():
            return here
    return SHIPPED_VECTORS if SHIPPED_VECTORS.is_file() else None


def bench_scoring(
    scenarios: Sequence[Mapping[str, Any]],
    passes: int = 7,
    plugins: Plugins | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BenchResult:
    """Score every scenario once per pass, timing only the scoring.

    :param scenarios: scenario dicts (or conformance vectors with a ``scenario`` key).
    :param passes: how many timed passes to run.
    """
    plugins = plugins if plugins is not None else Plugins.default()
    parsed = [
        Scenario.from_dict(s.get("scenario", s) if "played" not in s else s, plugins)
        for s in scenarios
    ]
    for scenario in parsed:  # warm-up pass: imports, compiled schedules, caches
        scenario.score()
    times: list[float] = []
    build = 0.0
    for n in range(passes):
        start = time.perf_counter()
        games = [scenario.build() for scenario in parsed]
        for game in games:
            game.plans.compile_all()  # compile call plans: part of building the state
        build += time.perf_counter() - start
        gc.collect()  # start each timed pass without the build's garbage pending
        clock = time.perf_counter
        start = clock()
        for game in games:
            game.evaluate_play()
        times.append(clock() - start)
        for game in games:
            game.close()
        if progress is not None:
            progress(n + 1, passes)
    return BenchResult(len(parsed), tuple(times), build)


def main_bench(path: str | None, passes: int, as_json: bool) -> int:
    """The ``balatro-ecs bench`` command."""
    source = Path(path) if path else default_vectors()
    if source is None:
        print(
            "bench: no scenario file given and no conformance vectors installed",
            file=sys.stderr,
        )
        return 2
    items = json.loads(source.read_text("utf-8"))
    items = items if isinstance(items, list) else [items]

    def progress(done: int, total: int) -> None:
        if not as_json and sys.stderr.isatty():
            print(f"\rpass {done}/{total}", end="" if done < total else "\n", file=sys.stderr)

    result = bench_scoring(items, passes=passes, progress=progress)
    if as_json:
        print(json.dumps(result.to_dict()))
    else:
        print(f"scenarios:        {result.hands_per_pass} ({source.name})")
        print(f"passes:           {len(result.pass_seconds)}")
        print(f"hands/s (median): {result.median_rate:,.0f}")
        print(f"hands/s (best):   {result.best_rate:,.0f}")
        print(f"us/hand (median): {1e6 / result.median_rate:.1f}")
        print(f"python:           {platform.python_implementation()} {platform.python_version()}")
    return 0

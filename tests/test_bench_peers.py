"""tools/bench_peers.py: the side-by-side benchmark against the other Python engines.

The peers are not installed in CI, so these tests run the script's machinery with
balatro_ecs alone and with a stand-in peer; the real table is made by hand (README).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("bench_peers", ROOT / "tools" / "bench_peers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_peers"] = module
    spec.loader.exec_module(module)
    return module


bench_peers = _load()


@pytest.fixture(autouse=True)
def _keep_affinity():
    cores = os.sched_getaffinity(0)
    yield
    os.sched_setaffinity(0, cores)


def test_the_check_hand_scores_3960_here() -> None:
    assert bench_peers.Ours().score_3960() == bench_peers.EXPECTED_SCORE == 3960


def test_ratios_are_medians_of_paired_rounds() -> None:
    rates = {
        "new_game": {"balatro_ecs": [10.0, 30.0, 20.0], "peer": [5.0, 10.0, 40.0]},
        "memory": {"balatro_ecs": [2.0, 2.0, 2.0], "peer": [4.0, 6.0, 1.0]},
    }
    # pairs 2.0, 3.0, 0.5 -> 2.0 (not 20/10 from medians taken apart)
    assert bench_peers.ratios(rates, "new_game", "peer") == 2.0
    # memory: the peer's size over ours, 2, 3, 0.5 -> 2
    assert bench_peers.ratios(rates, "memory", "peer") == 2.0
    assert bench_peers.ratios(rates, "new_game", "absent") is None
    text = bench_peers.table(rates, ["peer"])
    assert "| new game | 2.00x | 2.00x (peer) |" in text


class _StandIn(bench_peers.Engine):
    """A peer whose every unit costs nothing: the interleaving runs its rows."""

    name = "stand-in"

    def score_3960(self) -> float:
        return 3960.0

    def new_game(self) -> Any:
        return object()

    def work_save_load(self, n: int) -> int:
        return n


def test_rows_run_interleaved_with_a_peer_and_unsupported_rows_are_left_out() -> None:
    engines = {"balatro_ecs": bench_peers.Ours(), "stand-in": _StandIn()}
    messages: list[str] = []
    rates = bench_peers.run(engines, ["new_game", "save_load", "clone"], 2, messages.append)
    assert len(rates["new_game"]["balatro_ecs"]) == len(rates["new_game"]["stand-in"]) == 2
    assert len(rates["save_load"]["stand-in"]) == 2
    assert "stand-in" not in rates["clone"]  # it has no clone: reported, not fatal
    assert any("clone: stand-in failed" in m for m in messages)


def test_main_without_peers_names_them_and_prints_json(capsys) -> None:
    code = bench_peers.main(
        ["--engines", "balatro_ecs", "jackdaw", "--rows", "new_game", "--rounds", "1", "--json"]
    )
    assert code == 0
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert data["check_scores"]["balatro_ecs"] == 3960
    assert data["median_rates"]["new_game"]["balatro_ecs"] > 0
    if "jackdaw" not in data["check_scores"]:  # not installed here: said so on stderr
        assert "jackdaw: left out" in out.err


def test_cpu_time_is_said_in_the_header(capsys) -> None:
    code = bench_peers.main(
        ["--engines", "balatro_ecs", "--rows", "score_dict", "--rounds", "1", "--json", "--cpu"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert "CPU time" in data["header"]
    assert data["median_rates"]["score_dict"]["balatro_ecs"] > 0
    assert bench_peers._clock is bench_peers.CLOCKS[True]
    bench_peers.main(["--engines", "balatro_ecs", "--rows", "score_dict", "--rounds", "1"])
    assert bench_peers._clock is bench_peers.CLOCKS[False]


def test_an_unknown_row_is_refused(capsys) -> None:
    with pytest.raises(SystemExit):
        bench_peers.main(["--rows", "warp_speed"])
    assert "unknown row 'warp_speed'" in capsys.readouterr().err


def test_a_replay_batch_goes_round_the_recordings_as_often_as_it_needs() -> None:
    ours = bench_peers.Ours()
    ours.recorded = [("A", [1, 2]), ("B", [3])]
    assert [seed for seed, _ in ours.replayed(5)] == ["A", "B", "A", "B", "A"]
    ours.prepare("replay")
    done = ours.work_replay(len(ours.recorded) + 3)  # more games than were recorded
    first = ours.recorded[:3]
    assert done == sum(len(a) for _, a in ours.recorded) + sum(len(a) for _, a in first)

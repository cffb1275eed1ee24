"""The batch runner: same seeds, same records, on every backend; records exported."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from balatro_ecs.kernel.errors import BalatroError
from balatro_ecs.tools.batch import (
    RunSpec,
    make_executor,
    play_seed,
    plot_records,
    resolve_policy,
    run_batch,
    run_seed,
    write_records,
)
from balatro_ecs.tools.cli import main
from balatro_ecs.tools.simulate import simulate

SEEDS = [run_seed("BATCH", i) for i in range(8)]
SPEC = RunSpec(policy="random", max_ante=3)


def _comparable(result) -> tuple[list[dict], dict]:
    records = [r.to_dict() for r in result.records]
    for record in records:
        record.pop("seconds")
    summary = result.summary.to_dict()
    summary.pop("seconds")
    summary.pop("runs_per_second")
    return records, summary


@pytest.fixture(scope="module")
def serial():
    return run_batch(SEEDS, SPEC, seed="BATCH")


def test_a_record_says_how_the_run_went(serial) -> None:
    record = serial.records[0]
    assert record.seed == "BATCH-0"
    assert record.rounds == len(record.blinds) >= 1
    assert record.blinds_beaten == sum(b.score >= b.target for b in record.blinds)
    assert record.failure is None
    assert all(b.blind.startswith("bl_") and b.target > 0 for b in record.blinds)
    assert serial.summary.runs == len(SEEDS)
    assert "balatro-ecs" in serial.summary.plugins


def test_a_process_pool_gives_the_same_records(serial) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_batch(SEEDS, SPEC, executor=pool, chunk_size=3, seed="BATCH")
    assert _comparable(pooled) == _comparable(serial)


def test_a_dask_local_cluster_gives_the_same_records(serial) -> None:
    pytest.importorskip("dask.distributed")
    executor = make_executor("dask", 2)
    try:
        clustered = run_batch(SEEDS, SPEC, executor=executor, chunk_size=2, seed="BATCH")
    finally:
        assert executor is not None
        executor.shutdown()
    assert _comparable(clustered) == _comparable(serial)


def test_ray_gives_the_same_records(serial) -> None:
    pytest.importorskip("ray")
    executor = make_executor("ray", 2)
    try:
        on_ray = run_batch(SEEDS, SPEC, executor=executor, chunk_size=4, seed="BATCH")
    finally:
        assert executor is not None
        executor.shutdown()
    assert _comparable(on_ray) == _comparable(serial)


def test_a_policy_by_module_and_callable_runs_on_workers() -> None:
    spec = RunSpec(policy="tests.batch_policies:first_legal", max_ante=2)
    here = run_batch(SEEDS[:4], spec)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = run_batch(SEEDS[:4], spec, executor=pool, chunk_size=1)
    assert _comparable(here)[0] == _comparable(there)[0]
    assert here.summary.policy == "tests.batch_policies:first_legal"


def test_a_policy_object_plays_here() -> None:
    from tests.batch_policies import FirstLegal

    summary = simulate(3, policy=FirstLegal(), seed="OBJ", max_ante=2)
    assert summary.runs == 3 and summary.policy == "FirstLegal"
    with pytest.raises(BalatroError, match="module:callable"):
        simulate(3, policy=FirstLegal(), seed="OBJ", workers=2)


@pytest.mark.parametrize(
    ("policy", "message"),
    [
        ("greedyy", "unknown policy 'greedyy'"),
        ("no_such_module:x", "cannot import 'no_such_module'"),
        ("tests.batch_policies:nothing", "has no 'nothing'"),
        ("tests.batch_policies:NOT_A_POLICY", "is not callable"),
    ],
)
def test_a_bad_policy_is_named_before_any_run(policy: str, message: str) -> None:
    with pytest.raises(BalatroError, match=message):
        run_batch(SEEDS, RunSpec(policy=policy))


def test_a_failing_run_is_recorded_and_the_batch_goes_on() -> None:
    result = run_batch(SEEDS[:3], RunSpec(policy="tests.batch_policies:exploding"))
    assert result.summary.runs == 3
    assert result.summary.failures == 3
    assert all("RuntimeError: policy exploded" in (r.failure or "") for r in result.records)
    assert all(r.actions == 2 for r in result.records)


def test_records_export_to_json_lines_csv_and_parquet(serial, tmp_path: Path) -> None:
    lines = write_records(serial.records, tmp_path / "runs.jsonl").read_text().splitlines()
    assert [json.loads(line)["seed"] for line in lines] == SEEDS
    rows = list(csv.DictReader(write_records(serial.records, tmp_path / "runs.csv").open()))
    assert [row["seed"] for row in rows] == SEEDS
    assert json.loads(rows[0]["blinds"])[0]["blind"].startswith("bl_")
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(write_records(serial.records, tmp_path / "runs.parquet"))
    assert table.column("seed").to_pylist() == SEEDS
    with pytest.raises(BalatroError, match="use one of"):
        write_records(serial.records, tmp_path / "runs.xlsx")
    assert not list(tmp_path.glob("*.tmp"))


def test_a_plot_is_drawn(serial, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = plot_records(serial.records, tmp_path / "runs.png", "test")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_command_writes_records_and_a_plot(capsys, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    records, plot = tmp_path / "r.jsonl", tmp_path / "p.png"
    code = main(["simulate", "--runs", "3", "--seed", "CLI", "--max-ante", "2", "--json",
                 "--records", str(records), "--plot", str(plot)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    summary = json.loads(out)
    assert "records" not in summary and summary["runs"] == 3 and "plugins" in summary
    assert len(records.read_text().splitlines()) == 3
    assert plot.exists()


def test_simulate_command_takes_a_policy_by_name_and_a_backend(capsys) -> None:
    policy = "tests.batch_policies:first_legal"
    code = main(["simulate", "--runs", "2", "--seed", "CLI2", "--max-ante", "2", "--json",
                 "--policy", policy, "--backend", "serial"])  # fmt: skip
    assert code == 0
    assert json.loads(capsys.readouterr().out)["policy"] == "tests.batch_policies:first_legal"


def test_resolve_policy_accepts_names_factories_and_objects() -> None:
    from tests.batch_policies import FirstLegal, first_legal

    assert resolve_policy("random", "S").name == "random"  # type: ignore[attr-defined]
    assert isinstance(resolve_policy(first_legal, "S"), FirstLegal)
    obj = FirstLegal()
    assert resolve_policy(obj, "S") is obj
    assert play_seed("ONE", RunSpec(max_ante=2), policy=obj).seed == "ONE"


def _readme_batch_script() -> str:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    return next(block for block in blocks if "def main(backend" in block)


@pytest.mark.parametrize("backend", ["serial", "process", "dask", "ray"])
def test_the_readme_batch_script_runs_as_written_on_every_backend(
    backend: str, tmp_path: Path
) -> None:
    """Saved as a file, the README's block runs on each backend (its ``__main__`` guard
    keeps process pools and Dask workers from running it again) and writes the same
    records."""
    if backend in ("dask", "ray"):
        pytest.importorskip("dask.distributed" if backend == "dask" else "ray")
    pq = pytest.importorskip("pyarrow.parquet")
    script = tmp_path / "study.py"
    script.write_text(_readme_batch_script(), "utf-8")
    done = subprocess.run(
        [sys.executable, str(script), backend, "3"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    table = pq.read_table(tmp_path / "study.parquet").drop(["seconds"])
    assert table.column("seed").to_pylist() == [run_seed("STUDY", i) for i in range(3)]
    assert all(table.column("action_log").to_pylist())
    expected = run_batch(
        [run_seed("STUDY", i) for i in range(3)],
        RunSpec(policy="greedy", deck="Blue Deck", stake="Red Stake", action_log=True),
    )
    assert table.to_pylist() == [
        {k: v for k, v in r.to_dict().items() if k != "seconds"} for r in expected.records
    ]


def test_parquet_columns_keep_their_types_whatever_the_records_hold(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    fine = run_batch(SEEDS[:2], RunSpec(policy="random", max_ante=2, action_log=True))
    failed = run_batch(SEEDS[:2], RunSpec(policy="tests.batch_policies:exploding"))
    a = pq.read_table(write_records(fine.records, tmp_path / "fine.parquet"))
    b = pq.read_table(write_records(failed.records, tmp_path / "failed.parquet"))
    assert a.schema.equals(b.schema)
    assert str(a.schema.field("failure").type) == "string"
    assert str(a.schema.field("blinds").type).startswith("list<element: struct<ante: int64")
    blinds = a.column("blinds").to_pylist()[0]
    assert blinds[0].keys() == {"ante", "blind", "target", "score"}
    assert b.column("failure").to_pylist()[0].startswith("RuntimeError")


def test_an_action_log_replays_the_run() -> None:
    from balatro_ecs.actions import parse_action

    from balatro_ecs import Game

    record = play_seed(SEEDS[0], RunSpec(policy="greedy", max_ante=2, action_log=True))
    assert len(record.action_log) == record.actions > 0
    game = Game.replay([parse_action(t) for t in record.action_log], seed=record.seed)
    assert (game.run.dollars, game.run.round) == (record.dollars, record.rounds)
    assert play_seed(SEEDS[0], RunSpec(policy="greedy", max_ante=2)).action_log == ()

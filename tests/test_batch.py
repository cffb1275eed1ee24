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
    RecordSink,
    RunSpec,
    make_executor,
    play_seed,
    plot_records,
    read_records,
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
    page = Path(__file__).resolve().parent.parent / "docs" / "simulations.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text("utf-8"), flags=re.S)
    return next(block for block in blocks if "def main(backend" in block)


@pytest.mark.parametrize("backend", ["serial", "process", "dask", "ray"])
def test_the_readme_batch_script_runs_as_written_on_every_backend(
    backend: str, tmp_path: Path
) -> None:
    """Saved as a file, the batch script of docs/simulations.md runs on each backend (its
    ``__main__`` guard keeps process pools and Dask workers from running it again) and
    writes the same records."""
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
    rows = sorted(table.to_pylist(), key=lambda row: row["seed"])  # written as runs finish
    assert [row["seed"] for row in rows] == [run_seed("STUDY", i) for i in range(3)]
    assert all(row["action_log"] for row in rows)
    expected = run_batch(
        [run_seed("STUDY", i) for i in range(3)],
        RunSpec(policy="greedy", deck="Blue Deck", stake="Red Stake", action_log=True),
    )
    assert rows == [
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


# -- batches that never lose finished work --------------------------------------------------


def test_a_killed_worker_s_runs_are_played_again_and_its_killer_recorded_as_failed() -> None:
    seeds = [run_seed("KILL", i) for i in range(8)]
    spec = RunSpec(policy="tests.batch_policies:killer", max_actions=20)
    expected = run_batch(seeds, RunSpec(policy="tests.batch_policies:first_legal", max_actions=20))
    pool = make_executor("process", 2)
    assert pool is not None
    try:
        result = run_batch(seeds, spec, executor=pool, chunk_size=2)
    finally:
        pool.shutdown()
    assert [r.seed for r in result.records] == seeds  # every run, in seed order
    (dead,) = [r for r in result.records if r.failure is not None]
    assert dead.seed == "KILL-3" and "worker process died" in dead.failure
    alive = [r.to_dict() | {"seconds": 0} for r in result.records if r.seed != "KILL-3"]
    same = [r.to_dict() | {"seconds": 0} for r in expected.records if r.seed != "KILL-3"]
    assert alive == same
    assert result.summary.failures == 1


def test_records_are_written_as_runs_finish_and_a_batch_resumes(tmp_path: Path, capsys) -> None:
    for suffix in (".jsonl", ".csv", ".parquet"):
        if suffix == ".parquet":
            pytest.importorskip("pyarrow")
        path = tmp_path / f"runs{suffix}"
        argv = ["simulate", "--seed", "RES", "--policy", "random", "--max-ante", "2", "--json"]
        assert main([*argv, "--runs", "3", "--records", str(path)]) == 0
        capsys.readouterr()
        assert [r.seed for r in read_records(path)] == ["RES-0", "RES-1", "RES-2"]
        assert main([*argv, "--runs", "6", "--records", str(path), "--resume"]) == 0
        resumed = json.loads(capsys.readouterr().out)
        assert main([*argv, "--runs", "6"]) == 0
        straight = json.loads(capsys.readouterr().out)
        for summary in (resumed, straight):
            del summary["seconds"], summary["runs_per_second"]
        assert resumed == straight
        assert sorted(r.seed for r in read_records(path)) == [f"RES-{i}" for i in range(6)]


def test_a_sink_keeps_each_chunk_at_once(tmp_path: Path, capsys) -> None:
    path = tmp_path / "runs.jsonl"
    sink = RecordSink(path)
    seen: list[int] = []

    def on_records(chunk) -> None:
        sink.write(chunk)
        seen.append(len(read_records(path)))  # on disk already

    run_batch(SEEDS[:3], SPEC, on_records=on_records)
    assert seen == [1, 2, 3]
    assert main(["simulate", "--runs", "2", "--resume"]) == 2
    assert "--resume needs --records FILE" in capsys.readouterr().err


def test_ctrl_c_stops_a_pooled_batch_at_once_keeps_its_records_and_prints_one_line(
    tmp_path: Path,
) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "runs.jsonl"
    command = [
        sys.executable, "-m", "balatro_ecs", "simulate", "--runs", "400", "--workers", "2",
        "--policy", "tests.batch_policies:slow", "--records", str(path), "--seed", "INT",
    ]  # fmt: skip
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        command, cwd=root, start_new_session=True, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not (path.exists() and path.read_text().count("\n") >= 1):
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    pressed = time.monotonic()
    for _ in range(3):  # Ctrl-C reaches the whole process group, three times
        os.killpg(process.pid, signal.SIGINT)
        time.sleep(0.02)
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - pressed < 3
    assert process.returncode == 130 and out == ""
    assert err.count("\n") == 1 and err.startswith("balatro-ecs: interrupted after ")
    kept = read_records(path)
    assert kept and all(r.failure is None for r in kept)
    assert f"{len(kept)} records in {path}" in err


def test_the_plot_s_ante_axes_are_whole_numbers() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from balatro_ecs.tools.batch import plot_figure

    records = run_batch(
        [run_seed("AXES", i) for i in range(3)], RunSpec(policy="greedy", max_ante=3)
    )
    figure = plot_figure(records.records, "greedy")
    try:
        for axes in figure.axes:
            figure.canvas.draw()
            ticks = [t for t in axes.get_xticks() if axes.get_xlim()[0] <= t <= axes.get_xlim()[1]]
            assert ticks and all(float(t).is_integer() for t in ticks), ticks
    finally:
        plt.close(figure)

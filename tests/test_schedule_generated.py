"""Each event's schedule runs as one generated function (``Schedule.call``): readable,
and doing exactly what looping over the schedule's functions does, trajectories and
whole games included."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.kernel.schedule import Schedule, System, compile_schedule, generated_source
from balatro_ecs.tools.cli import main
from balatro_ecs.tools.policies import make_policy
from balatro_ecs.tools.trajectory import load_trajectories, replay

from .conftest import DATA


def _interpreted(schedule: Schedule) -> Any:
    """The loop over the schedule's functions the generated function replaces."""
    functions = schedule.functions

    def call(ctx: Any) -> None:
        for run in functions:
            run(ctx)

    return call


def _interpret_all(plugins: Plugins) -> None:
    """Make every schedule of ``plugins`` run by the loop instead of its generated
    function."""
    for event in plugins.events:
        schedule = plugins.schedule(event)
        object.__setattr__(schedule, "call", _interpreted(schedule))


@pytest.fixture(scope="module")
def interpreted() -> Iterator[Plugins]:
    plugins = Plugins()
    _interpret_all(plugins)
    yield plugins


def test_the_generated_function_reads_as_the_schedule(balatro_plugins: Plugins) -> None:
    for event in balatro_plugins.events:
        schedule = balatro_plugins.schedule(event)
        source = generated_source(schedule)
        assert source == schedule.source
        lines = source.splitlines()
        assert lines[0] == "def run_schedule(ctx):"
        calls = [line for line in lines[1:] if line.strip().startswith("_")]
        assert len(calls) == len(schedule.systems), event
        for line, system in zip(calls, schedule.systems, strict=True):
            assert line.endswith(f"# {system.phase}: {system.name}"), line
    discard = balatro_plugins.schedule("discard").source
    assert "    if _2_if(ctx):  # if not_forced\n        _2_count_discard(ctx)" in discard


def test_the_cli_prints_the_generated_function(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schedule", "--event", "play", "--source"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("def run_schedule(ctx):\n")
    assert "_2_score_hand(ctx)  # score: play:score_hand" in out


def test_run_conditions_are_checked_just_before_their_system() -> None:
    seen: list[str] = []

    def flip(ctx: dict[str, bool]) -> None:
        seen.append("flip")
        ctx["on"] = not ctx["on"]

    systems = [
        System("first", "early", lambda ctx: seen.append("first"), run_if=lambda c: c["on"]),
        System("flip", "early", flip, after=("first",)),
        System("second", "late", lambda ctx: seen.append("second"), run_if=lambda c: c["on"]),
        System("odd name\n# x", "late", lambda ctx: seen.append("odd"), after=("second",)),
    ]
    schedule = compile_schedule(("early", "late"), systems)
    for on in (True, False):
        got: list[list[str]] = []
        for call in (schedule.call, _interpreted(schedule)):
            seen.clear()
            call({"on": on})
            got.append(list(seen))
        assert got[0] == got[1]
    assert got[0] == ["flip", "second", "odd"]
    assert "# late: odd name # x" in schedule.source  # one line, whatever the name holds
    assert compile_schedule(("early",), []).call({}) is None


def test_a_system_s_error_comes_out_of_the_generated_function() -> None:
    def boom(ctx: object) -> None:
        raise ValueError("boom")

    schedule = compile_schedule(("early",), [System("boom", "early", boom)])
    with pytest.raises(ValueError, match="boom"):
        schedule.call(None)


_RUNS = load_trajectories(DATA / "trajectories.json")


@pytest.mark.parametrize("trajectory", _RUNS[:10], ids=[t["seed"] for t in _RUNS[:10]])
def test_trajectories_pass_both_ways(trajectory: dict[str, Any], interpreted: Plugins) -> None:
    assert replay(trajectory, interpreted).passed
    assert replay(trajectory, Plugins.default()).passed


@pytest.mark.parametrize("seed", ["GEN00001", "GEN00002", "GEN00003", "GEN00004", "GEN00005"])
def test_random_games_are_the_same_both_ways(seed: str, interpreted: Plugins) -> None:
    saves = []
    for plugins in (interpreted, Plugins.default()):
        game = Game(seed=seed, plugins=plugins, atomic=False)
        policy = make_policy("random", seed)
        steps = 0
        while game.phase is not Phase.GAME_OVER and not game.run.won and steps < 300:
            game.apply(policy.choose(game))
            steps += 1
        saves.append(game.to_json())
    assert saves[0] == saves[1]


def test_the_architecture_page_shows_the_discard_s_function_as_generated(
    balatro_plugins: Plugins,
) -> None:
    page = (DATA.parent.parent / "docs" / "architecture.md").read_text("utf-8")
    assert f"```python\n{balatro_plugins.schedule('discard').source}```" in page

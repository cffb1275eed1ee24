"""Whole runs recorded inside the game itself, replayed step by step.

``tests/data/trajectories.json`` holds 30 runs of Balatro 1.0.1o played by a seeded policy
in the game's own code (format: ``tests/data/TRAJECTORY-FORMAT.md``);
``tests/data/trajectories-deep.json`` 40 more played by a much stronger player, to ante 10
and into endless mode. Each must replay to its end here, every snapshot equal to the game's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import BuyAndUse, Endless, Pick, Play, Sell
from balatro_ecs.tools.trajectory import (
    action_from_step,
    first_difference,
    load_trajectories,
    replay,
    snapshot,
)

DATA = Path(__file__).parent / "data"
TRAJECTORIES = load_trajectories(DATA / "trajectories.json")
DEEP = load_trajectories(DATA / "trajectories-deep.json")


@pytest.mark.parametrize("trajectory", TRAJECTORIES, ids=[t["seed"] for t in TRAJECTORIES])
def test_the_recorded_run_replays_to_its_end(trajectory: dict) -> None:
    result = replay(trajectory)
    assert result.divergence is None, result.divergence.describe()
    assert result.matched == len(trajectory["steps"])


@pytest.mark.parametrize("trajectory", DEEP, ids=[t["seed"] for t in DEEP])
def test_the_stronger_players_run_replays_to_its_end(trajectory: dict) -> None:
    result = replay(trajectory)
    assert result.divergence is None, result.divergence.describe()
    assert result.matched == len(trajectory["steps"])


def test_the_deep_runs_win_and_go_on_into_endless_mode() -> None:
    endless = [t for t in DEEP if any(s["action"]["kind"] == "endless" for s in t["steps"])]
    assert len(endless) == 5
    for trajectory in endless:
        result = replay(trajectory)
        assert result.passed, result.divergence.describe()  # type: ignore[union-attr]
        assert trajectory["steps"][-1]["state"]["ante"] > 8


def test_a_new_game_reads_as_the_recorded_initial_snapshot() -> None:
    for trajectory in TRAJECTORIES[:5]:
        game = Game(seed=trajectory["seed"], deck=trajectory["deck"], stake=trajectory["stake"])
        assert first_difference(trajectory["initial"], snapshot(game)) is None


def test_a_changed_snapshot_names_the_first_field_that_differs() -> None:
    expected = dict(TRAJECTORIES[0]["initial"])
    got = dict(expected, money=expected["money"] + 1, hand_size=1)
    assert first_difference(expected, got) == "money"
    # counters are informational; pack pictures are not compared
    assert (
        first_difference(
            {"state": "GAME_OVER", "money": 1}, {"state": "GAME_OVER", "money": 1, "hand_size": 3}
        )
        is None
    )


def test_pack_pictures_are_not_compared() -> None:
    base = TRAJECTORIES[0]["initial"]
    one = dict(base, pack={"key": "p_buffoon_normal_1", "cards": [], "choices_left": 1})
    two = dict(base, pack={"key": "p_buffoon_normal_2", "cards": [], "choices_left": 1})
    assert first_difference(one, two) is None


def test_recorded_actions_become_engine_actions_with_0_based_positions() -> None:
    assert action_from_step({"kind": "play", "cards": [1, 3]}) == Play((0, 2))
    assert action_from_step({"kind": "pick", "index": 2, "cards": [4], "key": "c_x"}) == Pick(
        1, (3,)
    )
    assert action_from_step({"kind": "sell_joker", "slot": 2, "key": "j_x"}) == Sell("jokers", 1)
    assert action_from_step({"kind": "buy_and_use", "slot": 1, "cards": []}) == BuyAndUse(0)
    assert action_from_step({"kind": "endless"}) == Endless()


def test_a_divergent_recording_reports_its_step_and_field() -> None:
    trajectory = json.loads(json.dumps(TRAJECTORIES[0]))
    trajectory["steps"][2]["state"]["money"] += 7
    result = replay(trajectory)
    assert not result.passed
    assert result.divergence is not None
    assert (result.divergence.step, result.divergence.field) == (3, "money")
    assert result.matched == 2
    assert "step 3" in result.divergence.describe()

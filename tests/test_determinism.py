"""The same seed and actions give the same game, in any process.

Each check runs the work in two fresh interpreters with different hash seeds (so any
dependence on set or dict iteration order, object ids or the time would show) and
compares the bytes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from balatro_ecs import Game
from balatro_ecs.tools.policies import GreedyPolicy

PLAY_SCRIPT = """
import sys
from balatro_ecs import Game
from balatro_ecs.tools.policies import GreedyPolicy, RandomPolicy
game = Game(deck="Green Deck", stake=3, seed="SAMESEED")
greedy, wander = GreedyPolicy(), RandomPolicy("SAMESEED")
for step in range(250):
    if game.phase.value == "game_over" or game.run.won:
        break
    policy = wander if step % 7 == 6 and game.phase.value != "round" else greedy
    game.apply(policy.choose(game))
sys.stdout.write(game.to_json())
"""


def _run(args: list[str], hash_seed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_played_run_saves_byte_identical_in_two_processes() -> None:
    first = _run([sys.executable, "-c", PLAY_SCRIPT], "1")
    second = _run([sys.executable, "-c", PLAY_SCRIPT], "2")
    assert first == second
    assert json.loads(first)["log"], "the run should have played some actions"


def test_replaying_the_log_gives_the_identical_game() -> None:
    game = Game(seed="REPLAY01")
    greedy = GreedyPolicy()
    for _ in range(120):
        if game.phase.value == "game_over":
            break
        game.apply(greedy.choose(game))
    again = Game.replay([o.action for o in game.log], seed="REPLAY01")
    assert again.to_json() == game.to_json()


def test_simulate_json_is_identical_in_two_processes_but_for_timing() -> None:
    args = [
        sys.executable,
        "-m",
        "balatro_ecs",
        "simulate",
        "--runs",
        "4",
        "--policy",
        "greedy",
        "--seed",
        "DET",
        "--json",
    ]
    outputs = []
    for hash_seed in ("3", "4"):
        text = _run(args, hash_seed)
        assert text.count("\n") == 1, "--json prints one line and nothing else"
        data = json.loads(text)
        assert data.pop("runs_per_second") > 0
        data.pop("seconds")
        outputs.append(data)
    assert outputs[0] == outputs[1]
    assert outputs[0]["runs"] == 4


def test_worker_count_does_not_change_the_summary() -> None:
    from balatro_ecs.tools.simulate import simulate

    one = simulate(6, policy="random", seed="WORKERS", workers=1).to_dict(records=True)
    two = simulate(6, policy="random", seed="WORKERS", workers=2).to_dict(records=True)
    for data in (one, two):
        data.pop("runs_per_second")
        data.pop("seconds")
        for record in data["records"]:
            record.pop("seconds")
    assert one == two

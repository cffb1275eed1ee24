"""Policies, ``simulate`` (API and command) and ``play`` (the terminal game)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from balatro_ecs import Game
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import BalatroError
from balatro_ecs.tools.cli import main
from balatro_ecs.tools.policies import GreedyPolicy, RandomPolicy, make_policy
from balatro_ecs.tools.progress import ProgressBar
from balatro_ecs.tools.simulate import play_run, run_seed, simulate
from balatro_ecs.tools.terminal import TerminalSession, render


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- policies -------------------------------------------------------------------------------


def test_the_random_policy_only_chooses_legal_actions_and_is_seeded() -> None:
    game = Game(seed="RANDPOL1")
    first = [RandomPolicy("A").choose(game) for _ in range(3)]
    assert all(game.can(a) for a in first)
    assert first == [RandomPolicy("A").choose(game) for _ in range(3)]


def test_the_greedy_policy_plays_the_best_hand_it_can_see() -> None:
    from balatro_ecs.tools.testing.runs import hold, play_blind

    game = Game(seed="GREEDY01")
    play_blind(game)
    hold(game, "AH", "AS", "AD", "AC", "KH", "2C", "3D", "4S")
    action = GreedyPolicy().choose(game)
    assert game.preview_play(action.cards).hand_name == "Four of a Kind"  # type: ignore[attr-defined]


def test_greedy_play_usually_clears_the_first_antes() -> None:
    records = [play_run(run_seed("GREEDYANTE", i), "greedy") for i in range(6)]
    assert sum(r.ante >= 2 for r in records) >= 5
    assert all(not r.truncated for r in records)


def test_an_unknown_policy_is_named() -> None:
    with pytest.raises(BalatroError, match="greedy"):
        make_policy("greedyy")


# -- simulate --------------------------------------------------------------------------------


def test_simulate_summarises_the_runs() -> None:
    summary = simulate(5, policy="random", seed="SUMMARY")
    assert summary.runs == 5
    assert sum(summary.ante_reached.values()) == 5
    assert summary.wins == sum(r.won for r in summary.records)
    assert summary.mean_ante == pytest.approx(sum(r.ante for r in summary.records) / 5)
    assert [r.seed for r in summary.records] == [f"SUMMARY-{i}" for i in range(5)]
    # every run can be replayed alone from its seed
    assert play_run("SUMMARY-3", "random") == summary.records[3]


def test_simulate_json_prints_one_object_with_the_documented_keys(capsys) -> None:
    code, out, _ = run_cli(
        capsys, "simulate", "--runs", "3", "--policy", "random", "--seed", "J", "--json"
    )
    assert code == 0
    data = json.loads(out)
    for key in ("runs", "wins", "win_rate", "mean_ante", "ante_reached", "runs_per_second"):
        assert key in data
    assert data["runs"] == 3
    assert sum(data["ante_reached"].values()) == 3
    assert out.count("\n") == 1


def test_simulate_prints_a_readable_summary(capsys) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--runs", "2", "--policy", "greedy", "--seed", "R")
    assert code == 0
    assert "wins" in out and "ante reached" in out and "runs/s" in out


def test_simulate_progress_bar_goes_to_stderr(capsys) -> None:
    code, out, err = run_cli(
        capsys, "simulate", "--runs", "2", "--seed", "P", "--json", "--progress"
    )
    assert code == 0
    assert "2/2 runs" in err
    json.loads(out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["--deck", "Bleu Deck"], "Blue Deck"), (["--stake", "12"], "stake")],
)
def test_simulate_names_a_bad_deck_or_stake_in_one_line(
    capsys, argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "simulate", "--runs", "1", *argv)
    assert code == 2
    assert message in err and err.count("\n") == 1
    assert out == ""


def test_simulate_rejects_a_run_count_below_one(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--runs", "0"])
    assert exit_info.value.code == 2
    assert "at least 1" in capsys.readouterr().err


def test_the_progress_bar_draws_counts_and_rate() -> None:
    out = io.StringIO()
    bar = ProgressBar(3, "runs", stream=out, enabled=True)
    bar.advance()
    bar.advance(2)
    bar.close()
    assert "3/3 runs" in out.getvalue() and "/s" in out.getvalue()
    quiet = io.StringIO()
    ProgressBar(3, "runs", stream=quiet).advance()
    assert quiet.getvalue() == ""  # not a terminal: draws nothing


# -- schedule --event --------------------------------------------------------------------------


def test_schedule_prints_a_run_events_systems_in_order(capsys) -> None:
    code, out, _ = run_cli(capsys, "schedule", "--event", "end_round")
    assert code == 0
    names = [line.split()[-1] for line in out.splitlines()]
    assert names.index("end_round:jokers_end_of_round") < names.index("end_round:progress")


# -- play ---------------------------------------------------------------------------------------


def scripted(*commands: str) -> tuple[list[str], object]:
    queue = list(commands)

    def read(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return queue, read


def test_the_terminal_game_plays_a_blind_through_typed_commands() -> None:
    out = io.StringIO()
    _, read = scripted("help", "select", "preview 1 2", "play 1 2 3 4 5", "log", "quit")
    session = TerminalSession(Game(seed="TERM0001"), read=read, out=out)  # type: ignore[arg-type]
    assert session.run() == 0
    text = out.getvalue()
    assert "play 1 3 4" in text  # the help
    assert "Small Blind" in text
    assert "would score" in text
    assert session.game.run.hands_left == 3


def test_the_terminal_game_reports_errors_and_keeps_going() -> None:
    out = io.StringIO()
    _, read = scripted("select", "play 1 2 3 4 5 6", "dsicard 1", "play 1")
    session = TerminalSession(Game(seed="TERM0002"), read=read, out=out)  # type: ignore[arg-type]
    session.run()
    text = out.getvalue()
    assert "! play: choose 1 to 5 cards" in text
    assert "did you mean 'discard'" in text
    assert session.game.run.hands_left == 3


def test_undo_save_and_load_in_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "run.json"
    out = io.StringIO()
    _, read = scripted("select", "play 1", "undo", f"save {save}", "play 1", f"load {save}")
    session = TerminalSession(Game(seed="TERM0003"), read=read, out=out)  # type: ignore[arg-type]
    session.run()
    assert session.game.phase is Phase.ROUND
    assert session.game.run.hands_left == 4  # the loaded save is from before any play
    assert json.loads(save.read_text())["format"] == "balatro_ecs.save/1"


def test_render_shows_each_phase() -> None:
    game = Game(seed="RENDER01")
    assert "Choose your next blind" in render(game)
    game.add_joker("j_joker")
    from balatro_ecs.tools.testing.runs import play_blind

    play_blind(game)
    screen = render(game)
    assert "Hand: 1:" in screen and "Jokers (1/5): j1 Joker" in screen


def test_balatro_ecs_play_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "balatro_ecs", "play", "--seed", "CMD00001"],
        input="select\nplay 1 2 3 4 5\nquit\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Small Blind" in done.stdout and "hands 3" in done.stdout


def test_amber_acorn_hides_the_jokers_on_screen() -> None:
    from balatro_ecs.tools.testing.runs import play_blind

    game = Game(seed="ACORN001")
    game.add_joker("j_joker")
    play_blind(game, "Amber Acorn")
    assert "j1 (face down)" in render(game)
    game.disable_blind()
    assert "j1 Joker" in render(game)


def test_the_terminal_survives_a_stray_quote_and_a_bad_save_path(tmp_path: Path) -> None:
    commands = iter(['play "1 2', f"save {tmp_path}/no/such/dir/run.json", "quit"])
    out = io.StringIO()
    session = TerminalSession(Game(seed="TERM0004"), read=lambda _: next(commands), out=out)  # type: ignore[arg-type]
    assert session.run() == 0
    text = out.getvalue()
    assert "cannot read that command" in text
    assert "save: cannot write" in text
    assert not list(tmp_path.rglob("*.tmp"))


def test_the_terminal_says_what_an_action_did() -> None:
    game = Game(seed="TERM0005")
    game.run.tags_offered["Small"] = "tag_orbital"
    commands = iter(["skip", "quit", ""])  # (quit offers to save: Enter leaves)
    out = io.StringIO()
    TerminalSession(game, read=lambda _: next(commands), out=out).run()  # type: ignore[arg-type]
    text = out.getvalue()
    assert "gained the Orbital Tag" in text
    assert "level (now level 4)" in text


def test_the_blind_screen_shows_the_reward_the_stake_pays() -> None:
    red = render(Game(seed="TERM0006", stake="Red Stake"))
    white = render(Game(seed="TERM0006", stake="White Stake"))
    small_red = next(line for line in red.splitlines() if "Small Blind" in line)
    small_white = next(line for line in white.splitlines() if "Small Blind" in line)
    assert "reward $0" in small_red
    assert "reward $3" in small_white

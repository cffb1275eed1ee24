"""The command line: score, conformance, bench, content, hooks, and one-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from balatro_ecs.tools.cli import main

from .conftest import DATA, cards

PAIR = {"played": cards("KH", "KS"), "jokers": ["Joker"]}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_one_scenario_from_stdin(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(PAIR)))
    code, out, _ = run(capsys, "score", "-")
    assert code == 0
    assert json.loads(out) == {"hand_name": "Pair", "chips": 30, "mult": 6, "score": 180}


def test_score_a_list_keeps_the_input_order(capsys, tmp_path: Path) -> None:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps([PAIR, {"played": cards("2H")}]))
    code, out, _ = run(capsys, "score", str(path), "--compact")
    assert code == 0
    assert [r["hand_name"] for r in json.loads(out)] == ["Pair", "High Card"]


def test_score_explain_prints_the_breakdown(capsys, tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(PAIR))
    code, out, _ = run(capsys, "score", str(path), "--explain")
    assert code == 0
    assert "+4 mult" in out and "Pair: 30 chips x 6 mult = 180" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"played": [', "malformed JSON"),
        ('{"played": [{"rank": "1", "suit": "H"}]}', "played[0].rank: unknown rank '1'"),
        (
            '[{"played": [{"rank": "K", "suit": "H"}]}, {"played": [], "jokers": []}]',
            "item 1: played",
        ),
        ('{"played": [{"rank": "K", "suit": "H"}], "jokers": ["Jokr"]}', "did you mean 'Joker'"),
    ],
)
def test_bad_input_is_one_line_with_status_2(capsys, monkeypatch, text: str, message: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = run(capsys, "score", "-")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_missing_file(capsys) -> None:
    code, _, err = run(capsys, "score", "no-such-file.json")
    assert code == 2 and "no-such-file.json: no such file" in err


def test_conformance_reports_each_mismatch_and_a_summary(capsys, tmp_path: Path) -> None:
    vectors = json.loads((DATA / "scoring-vectors.json").read_text())[:3]
    vectors[1]["expected"]["score"] += 1
    path = tmp_path / "v.json"
    path.write_text(json.dumps(vectors))
    code, out, _ = run(capsys, "conformance", str(path))
    lines = out.strip().splitlines()
    assert code == 1
    assert lines[0].startswith(f"{vectors[1]['id']}: expected ")
    assert lines[-1] == "2 passed, 1 failed"


def test_conformance_on_the_shipped_vectors(capsys) -> None:
    code, out, _ = run(capsys, "conformance", str(DATA / "scoring-vectors.json"))
    assert code == 0
    assert out.strip().splitlines()[-1] == "356 passed, 0 failed"


def test_bench_prints_json_figures(capsys, tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    path.write_text(json.dumps(json.loads((DATA / "scoring-vectors.json").read_text())[:20]))
    code, out, _ = run(capsys, "bench", str(path), "--passes", "2", "--json")
    figures = json.loads(out)
    assert code == 0 and figures["hands_per_pass"] == 20 and figures["hands_per_second_median"] > 0


def test_content_hooks_and_schedule_listings(capsys) -> None:
    code, out, _ = run(capsys, "content", "jokers")
    assert code == 0 and "j_blueprint" in out and out.strip().endswith("150 items")
    code, out, _ = run(capsys, "--block", "j_joker", "content", "jokers", "--json")
    assert "j_joker" not in {row["key"] for row in json.loads(out)}
    for family, count in (("stickers", 3), ("poker-hands", 12), ("consumable-sets", 3)):
        code, out, _ = run(capsys, "content", family, "--json")
        rows = json.loads(out)
        assert code == 0 and len(rows) == count, family
    assert {row["family"] for row in rows} == {"consumable set"}
    code, out, _ = run(capsys, "content")  # every kind of content
    assert "sticker_eternal" in out and "rarity_legendary" in out and "p_buffoon_mega_1" in out
    code, out, _ = run(capsys, "hooks", "--signatures")
    assert "joker_individual(ctx: ScoringContext, joker: Joker, card: Card) -> Effect | None" in out
    code, out, _ = run(capsys, "schedule")
    assert out.splitlines()[0].split() == ["detect", "detect_hand"]


def test_the_installed_command_runs(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"played": cards("AS", "AH"), "jokers": ["Scholar"]}))
    done = subprocess.run(
        [sys.executable, "-m", "balatro_ecs", "score", str(path), "--compact"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["score"] == (10 + 11 + 11 + 40) * (2 + 8)


def test_seed_json_has_every_field_of_the_seed_facts(capsys) -> None:
    code, out, err = run(capsys, "seed", "S92QQLIC", "--json")
    assert code == 0, err
    report = json.loads(out)
    facts = json.loads((DATA / "seed-facts.json").read_text())
    fact = next(f for f in facts if f["seed"] == "S92QQLIC")
    for name in ("antes", "first_draw", "deck_order", "hand", "shop", "packs_opened"):
        assert name in report, name
    assert report["judgement"] == fact["judgement"] and report["riff_raff"] == fact["riff_raff"]
    assert report["antes"] == fact["antes"]
    assert report["deck_order"] == fact["deck_order"] and report["hand"] == fact["hand"]
    assert set(report["shop"]) >= {"cards", "voucher", "packs", "rerolls"}
    offer = report["shop"]["cards"][0]
    assert set(offer) == {"key", "set", "edition", "cost"} and offer["key"].startswith("j_")
    assert [p["key"][:-2] for p in report["packs_opened"]] == ["p_buffoon_normal", "p_arcana_mega"]


def test_seed_table_and_options(capsys) -> None:
    code, out, _ = run(capsys, "seed", "S92QQLIC")
    assert code == 0
    assert out.startswith("Seed S92QQLIC  Red Deck  White Stake")
    assert "The Manacle" in out and "reroll 2" in out and "Riff-raff" in out
    options = ("--deck", "Blue Deck", "--stake", "2", "--unlocks", "shipped", "--json")
    code, out, _ = run(capsys, "seed", "S92QQLIC", *options)
    report = json.loads(out)
    assert code == 0 and report["deck"] == "Blue Deck" and report["stake_level"] == 2
    assert report["profile"] == "shipped"


def test_seed_bad_deck_is_one_line_with_status_2(capsys) -> None:
    code, out, err = run(capsys, "seed", "S92QQLIC", "--deck", "Redd Deck")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Redd Deck" in err and "Traceback" not in err


def test_the_bench_suite_prints_each_case_as_json(capsys) -> None:
    code, out, _ = run(capsys, "bench", "new_game", "new_game_played", "save_load_fast",
                       "action_mask", "memory", "--passes", "1", "--json")  # fmt: skip
    figures = json.loads(out)
    assert code == 0
    assert [c["case"] for c in figures["cases"]] == [
        "new_game", "new_game_played", "save_load_fast", "action_mask", "memory",
    ]  # fmt: skip
    assert all(c["median"] > 0 and c["min"] <= c["median"] <= c["max"] for c in figures["cases"])


def test_the_bench_suite_names_an_unknown_case(capsys) -> None:
    code, _, err = run(capsys, "bench", "warp_speed")
    assert code == 2
    assert "neither a case" in err and "new_game" in err


@pytest.mark.parametrize("command", ["conformance", "bench", "score"])
def test_a_file_that_is_not_text_gets_one_line(capsys, tmp_path: Path, command: str) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe{")
    code, _, err = run(capsys, command, str(path))
    assert code == 2
    assert err.strip() == f"balatro-ecs: error: {path}: not UTF-8 text (byte 0)"


def test_a_malformed_trajectory_is_named_and_counted(capsys, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    bad_step = {"action": {"kind": "play", "cards": "1 2"}, "state": {"state": "SELECTING_HAND"}}
    runs = [
        {"steps": [], "initial": {}},
        {"seed": "A", "deck": "Red Deck", "stake": "White Stake", "initial": {}, "steps": [3]},
    ]
    good = json.loads((DATA / "trajectories.json").read_text())[0]
    runs.append(dict(good, steps=[bad_step]))
    path.write_text(json.dumps(runs))
    code, out, _ = run(capsys, "conformance", str(path))
    assert code == 1
    lines = out.strip().splitlines()
    assert "'seed' is missing" in lines[0]
    assert "step 1 needs an 'action' and a 'state'" in lines[1]
    assert "'cards' must be a list of integers" in lines[2]
    assert lines[-1] == "0 passed, 3 failed"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("no phase", "damaged save: run.phase: missing"),
        (b"\xff\xfe", "not a Balatro save"),  # (read as the game's save.jkr)
        (b"{\xff\xfe}", "load:"),
        ("[1, 2]", "not a Balatro save"),
        ('{"format": "balatro_ecs.save/1", "run": Infinity}', "not strict JSON"),
    ],
)
def test_play_load_of_a_bad_save_is_one_line(
    capsys, monkeypatch, tmp_path: Path, content: str | bytes, message: str
) -> None:
    from balatro_ecs import Game

    path = tmp_path / "save.json"
    if content == "no phase":
        data = json.loads(Game(seed="NOPHASE").to_json())
        del data["run"]["phase"]
        content = json.dumps(data)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    code, out, err = run(capsys, "play", "--load", str(path))
    assert code == 2 and out == ""
    assert err.startswith("balatro-ecs: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_conformance_vectors_ship_with_the_package(tmp_path: Path, monkeypatch) -> None:
    """``balatro-ecs conformance`` and ``bench`` find the vectors after a plain
    ``pip install .``: the package carries a copy (package data), the same bytes as
    tests/data's, and uses it when no source tree is around."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib

    from balatro_ecs.tools import bench

    shipped = bench.SHIPPED_VECTORS
    assert shipped.read_bytes() == (DATA / "scoring-vectors.json").read_bytes()
    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["balatro_ecs.tools"]
    assert any(shipped.relative_to(root / "balatro_ecs" / "tools").match(g) for g in globs)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(bench, "__file__", str(tmp_path / "site" / "balatro_ecs" / "tools" / "x"))
    assert bench.default_vectors() == shipped


@pytest.mark.slow
def test_conformance_and_bench_work_from_a_plain_install(tmp_path: Path) -> None:
    import os

    from .test_packs import _can_build_wheels

    if not _can_build_wheels():
        pytest.skip("setuptools cannot build wheels here")
    root = Path(__file__).resolve().parent.parent
    target = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*pip, "--target", str(target), str(root)], check=True, timeout=600)
    env = {**os.environ, "PYTHONPATH": str(target)}
    cli = [sys.executable, "-m", "balatro_ecs"]
    done = subprocess.run(
        [*cli, "conformance"], env=env, cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().endswith("356 passed, 0 failed")
    bench = [*cli, "bench", "scoring", "--passes", "1", "--json"]
    timed = subprocess.run(bench, env=env, cwd=tmp_path, capture_output=True, text=True, check=True)
    assert json.loads(timed.stdout)["cases"][0]["case"] == "scoring"


def test_installed_packs_are_shown_by_seed_and_simulate(capsys, monkeypatch) -> None:
    """An installed pack changes what a seed shows and how runs go: the headers and the
    JSON of ``seed`` and ``simulate`` name every pack with its version."""
    from balatro_ecs import Plugins
    from balatro_ecs.tools import batch, cli

    from .test_save_packs import _dice

    plugins = Plugins(entry_points=False, config=False, plugins=[_dice("1.2.0")])
    monkeypatch.setattr(cli, "plugins_from", lambda args: plugins)
    monkeypatch.setattr(batch, "_worker_plugins", lambda block: plugins)
    shown = "vanilla 0.1.0, dice 1.2.0"
    code, out, _ = run(capsys, "seed", "PACKS")
    assert code == 0 and f"Packs {shown}" in out.splitlines()[1]
    code, out, _ = run(capsys, "seed", "PACKS", "--json")
    assert json.loads(out)["packs"] == {"vanilla": "0.1.0", "dice": "1.2.0"}
    code, out, _ = run(capsys, "simulate", "--runs", "1", "--max-ante", "1")
    assert code == 0 and f"packs          {shown}" in out
    code, out, _ = run(capsys, "simulate", "--runs", "1", "--max-ante", "1", "--json")
    assert json.loads(out)["packs"] == {"vanilla": "0.1.0", "dice": "1.2.0"}


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("S92QQ!IC", "has '!' at position 6: the game's seeds are 1 to 8 of the digits 1-9"),
        ("ABCDEFGHI", "has 9 characters: the game's seeds have at most 8"),
        ("   ", "expected 1 to 8 characters, got none"),
        ("É", "has 'É' at position 1"),
    ],
)
def test_a_seed_the_game_would_not_take_is_refused(capsys, typed: str, message: str) -> None:
    for command in (["seed", typed], ["play", "--seed", typed]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == ""
        assert err.startswith("balatro-ecs: error: seed: ") and message in err
        assert err.count("\n") == 1


def test_seeds_are_taken_as_the_game_takes_them(capsys, monkeypatch) -> None:
    from balatro_ecs.tools.seeds import game_seed

    assert game_seed(" s92qqlic ") == "S92QQLIC"
    assert game_seed("ab0") == "ABO"  # the seed box types a zero as the letter O
    assert game_seed("sim-12") == "SIM-12"  # a batch run's seed replays that run
    _, upper, _ = run(capsys, "seed", "S92QQLIC", "--json")
    _, lower, _ = run(capsys, "seed", "s92qqlic", "--json")
    assert upper == lower
    screens = []
    for typed in ("s92qqlic", "S92QQLIC"):
        monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
        _, out, _ = run(capsys, "play", "--seed", typed)
        screens.append(out)
    assert screens[0] == screens[1]
    _, out, _ = run(capsys, "simulate", "--runs", "1", "--seed", "sim0", "--json")
    assert json.loads(out)["seed"] == "SIMO"


def test_a_typo_in_block_or_enable_is_an_error_with_close_matches(capsys) -> None:
    code, out, err = run(capsys, "seed", "ABC", "--block", "j_blueprnt")
    assert code == 2 and out == ""
    assert "--block: no pack, plugin or content key is called 'j_blueprnt'" in err
    assert "did you mean 'j_blueprint'" in err and err.count("\n") == 1
    code, _, err = run(capsys, "simulate", "--runs", "1", "--block", "vanila")
    assert code == 2 and "did you mean 'vanilla'" in err
    code, _, err = run(capsys, "seed", "ABC", "--enable", "no_such_pack")
    assert code == 2 and "--enable: no installed pack is called 'no_such_pack'" in err
    code, out, _ = run(capsys, "seed", "ABC", "--block", "j_blueprint", "--json")
    assert code == 0 and json.loads(out)["seed"] == "ABC"


def test_a_policy_module_in_the_current_directory_is_found(capsys, monkeypatch, tmp_path) -> None:
    (tmp_path / "mypolicy.py").write_text(
        "class First:\n"
        "    def choose(self, game):\n"
        "        return game.legal_actions(reorders=False)[0]\n"
        "def make(seed):\n"
        "    return First()\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    code, out, err = run(capsys, "simulate", "--runs", "2", "--policy", "mypolicy:make", "--json")
    assert code == 0, err
    assert json.loads(out)["policy"] == "mypolicy:make"
    sys.modules.pop("mypolicy", None)


def test_the_command_line_completes_on_tab(capsys, tmp_path: Path) -> None:
    """argcomplete (the ``completion`` extra): ``balatro-ecs completion bash`` prints the
    shell code, and a command line being typed completes to commands and deck names (in
    a process of its own, as the shell runs it: argcomplete takes over file descriptors)."""
    import os

    pytest.importorskip("argcomplete")
    code, out, _ = run(capsys, "completion", "bash")
    assert code == 0 and "balatro-ecs" in out and "complete" in out

    def completions(line: str) -> list[str]:
        answer = tmp_path / "completions.txt"
        env = {
            **os.environ, "_ARGCOMPLETE": "1", "_ARGCOMPLETE_IFS": "\n", "COMP_LINE": line,
            "COMP_POINT": str(len(line)), "_ARGCOMPLETE_STDOUT_FILENAME": str(answer),
        }  # fmt: skip
        subprocess.run([sys.executable, "-m", "balatro_ecs"], env=env, timeout=120, check=True)
        return [c.strip() for c in answer.read_text("utf-8").split("\n")]

    assert "simulate" in completions("balatro-ecs sim")
    assert "seed" in completions("balatro-ecs se")
    decks = completions("balatro-ecs play --deck Pl")
    assert any(d.startswith("Plasma") for d in decks), decks


def test_every_command_works_without_the_optional_extras(tmp_path: Path) -> None:
    """A plain ``pip install .`` has esper, pluggy and tqdm only: no command may need
    numpy, matplotlib, pyarrow, dask, gymnasium, argcomplete or hypothesis to start (run
    in a process where importing them fails, as in such an install)."""
    blocked = (
        "numpy", "matplotlib", "pyarrow", "dask", "gymnasium", "pettingzoo", "argcomplete",
        "hypothesis", "ray",
    )  # fmt: skip
    program = (
        "import sys\n"
        f"for name in {blocked!r}:\n"
        "    sys.modules[name] = None\n"
        "from balatro_ecs.tools.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    hand = Path(__file__).resolve().parent.parent / "examples" / "hand.json"
    for argv, expect in (
        (["conformance"], "356 passed, 0 failed"),
        (["score", str(hand)], '"score"'),
        (["seed", "ABC"], "Packs vanilla"),
        (["simulate", "--runs", "1", "--max-ante", "1"], "1 runs"),
        (["bench", "scoring", "--passes", "1"], "hands/s"),
        (["hooks"], "joker_main"),
    ):
        done = subprocess.run(
            [sys.executable, "-c", program, *argv], cwd=tmp_path, capture_output=True,
            text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, (argv, done.stderr[-2000:])
        assert expect in done.stdout, (argv, done.stdout[-500:])
    done = subprocess.run(
        [sys.executable, "-c", program, "play", "--seed", "NOEXTRAS"], cwd=tmp_path,
        input="quit\n", capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr

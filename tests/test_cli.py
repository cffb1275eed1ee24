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
    code, out, _ = run(capsys, "bench", "new_game", "action_mask", "memory", "--passes", "1",
                       "--json")  # fmt: skip
    figures = json.loads(out)
    assert code == 0
    assert [c["case"] for c in figures["cases"]] == ["new_game", "action_mask", "memory"]
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

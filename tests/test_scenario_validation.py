"""Scenario input is checked field by field: a bad scenario is a ScenarioError naming the
field path and the value -- from ``Scenario.from_dict``, ``score(dict)`` and the CLI --,
never a bare exception.

The fuzz test mutates the scoring vectors (tests/data/scoring-vectors.json); each mutant
must score or raise ScenarioError. ``BALATRO_ECS_FUZZ_EXAMPLES`` sets how many it tries
(default 1500).
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Scenario, ScenarioError, score
from balatro_ecs.game.scenario import MAX_CARDS, load_scenarios
from balatro_ecs.tools.cli import main

DATA = Path(__file__).parent / "data"
VECTORS = json.loads((DATA / "scoring-vectors.json").read_text("utf-8"))
EXAMPLES = int(os.environ.get("BALATRO_ECS_FUZZ_EXAMPLES", "1500"))
KH = {"rank": "K", "suit": "H"}


def _refused(scenario: Any, match: str) -> None:
    with pytest.raises(ScenarioError, match=match) as caught:
        score(scenario)
    assert "\n" not in str(caught.value)


# -- particular mistakes -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({"mult": math.nan}, r"jokers\[1\]\.state\.mult: expected a finite number, got nan"),
        ({"mult": math.inf}, r"jokers\[1\]\.state\.mult: expected a finite number, got inf"),
        ({"mult": -3}, r"jokers\[1\]\.state\.mult: must be at least 0, got -3"),
        ({"mult": "4"}, r"jokers\[1\]\.state\.mult: expected a number, got '4'"),
        ({"mult": True}, r"jokers\[1\]\.state\.mult: expected a number, got True"),
        (
            {"mult": 10**400},
            r"jokers\[1\]\.state\.mult: must be within .*, got a whole number of 1329 bits",
        ),
        ({"mlt": 4}, r"jokers\[1\]\.state: unknown state key 'mlt' \(did you mean 'mult'"),
        (
            {"extra": {"chipz": 5}},
            r"jokers\[1\]\.state\.extra: unknown state key 'chipz' \(did you mean 'chips'",
        ),
        ({"extra": 5}, r"jokers\[1\]\.state\.extra: expected an object, got 5"),
        (
            {"extra": {"chips": [1]}},
            r"jokers\[1\]\.state\.extra\.chips: expected a number, got \[1\]",
        ),
    ],
)
def test_joker_state_is_checked_against_what_its_type_holds(state: Any, message: str) -> None:
    jokers = ["Joker", {"name": "Castle" if "extra" in state else "Ride the Bus", "state": state}]
    _refused({"played": [KH], "jokers": jokers}, message)


def test_counters_set_at_run_time_and_negative_starts_are_allowed() -> None:
    for joker in (
        {"name": "Canio", "state": {"caino_xmult": 3}},
        {"name": "To Do List", "state": {"to_do_poker_hand": "High Card"}},
        {"name": "Merry Andy", "state": {"h_size": -1}},
        {"name": "Castle", "state": {"extra": {"chips": 30}}},
    ):
        assert score({"played": [KH], "jokers": [joker]}).score > 0


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        (
            {"played": [KH], "probabilities": []},
            r"probabilities: expected a probabilities mode, got \[\]",
        ),
        (
            {"played": [KH], "probabilities": "sometimes"},
            r"probabilities: unknown probabilities mode",
        ),
        ({"played": [KH], "hands_left": -1}, r"hands_left: must be at least 0, got -1"),
        ({"played": [KH], "dollars": 10**20}, r"dollars: must be at most"),
        ({"played": [KH], "hand_levels": {"Pair": 2**80}}, r"hand_levels\.Pair: must be at most"),
        (
            {"played": [KH], "hand_stats": {"Pair": {"played": -2}}},
            r"hand_stats\.Pair\.played: must be at least 0",
        ),
        (
            {"played": [{"rank": "K", "suit": "H", "perma_bonus": math.nan}]},
            r"played\[0\]\.perma_bonus: expected a finite number .*got nan",
        ),
        (
            {"played": [{"rank": "K", "suit": "H", "perma_bonus": -5}]},
            r"played\[0\]\.perma_bonus: .*got -5",
        ),
        (
            {"played": [KH], "jokers": [{"name": "Joker", "sell_cost": -1}]},
            r"jokers\[0\]\.sell_cost: must be at least 0",
        ),
        (
            {"played": [KH], "jokers": [["Joker"]]},
            r"jokers\[0\]: expected a joker object, got \['Joker'\]",
        ),
        (
            {"played": [KH], "jokers": [{"name": ["Joker"]}]},
            r"jokers\[0\]\.name: expected a name, got \['Joker'\]",
        ),
        ({"played": [KH], "blind": {"name": "The Wall"}}, r"blind: expected a name"),
        (
            {"played": [KH], "seed": "x" * 1000},
            r"seed: expected a non-empty string, got a string of 1000",
        ),
        ({"played": [KH], "held": [KH] * (MAX_CARDS + 1)}, rf"held: at most {MAX_CARDS} cards"),
        (
            {"played": [KH], "draw_pile_count": 10**6},
            rf"draw_pile_count: must be at most {MAX_CARDS}",
        ),
        (
            {"played": [KH], "held": [KH] * 600, "draw_pile_count": 600},
            rf"at most {MAX_CARDS} cards .* got 1201",
        ),
        ({"played": [KH], "joker_slots": 10**9}, r"joker_slots: must be at most"),
        ({"played": [KH], "idol_card": []}, r"idol_card: expected"),
        ({"played": [KH], 1: 2}, r"unexpected scenario field 1|unknown scenario field"),
        (
            {"played": [KH], "jokerz": []},
            r"unknown scenario field 'jokerz' \(did you mean 'jokers'",
        ),
        (
            {"played": [{"rank": "K", "suit": "H", "seal": [[[[[[[[[[[]]]]]]]]]]]}]},
            r"played\[0\]\.seal: unexpected value",
        ),
    ],
)
def test_bad_scenarios_name_the_field_and_value(scenario: Any, message: str) -> None:
    _refused(scenario, message)


def test_deep_nesting_is_refused_not_crashed() -> None:
    deep: Any = {}
    for _ in range(5000):
        deep = {"extra": deep}
    _refused({"played": [KH], "jokers": [{"name": "Castle", "state": deep}]}, "state")
    nested: Any = []
    for _ in range(5000):
        nested = [nested]
    _refused({"played": [KH], "hand_levels": nested}, "hand_levels: expected an object")
    _refused({"played": [nested]}, r"played\[0\]: expected a card object")
    with pytest.raises(ScenarioError, match="nested too deeply"):
        load_scenarios("[" * 100_000)
    with pytest.raises(ScenarioError, match="NaN is not a JSON number"):
        load_scenarios('{"played": [{"rank": "K", "suit": "H", "perma_bonus": NaN}]}')


def test_building_is_linear_and_bounded() -> None:
    def timed(n: int) -> float:
        held = [{"rank": "Q", "suit": "S", "enhancement": "steel"}] * n
        start = time.perf_counter()
        Scenario.from_dict({"played": [KH], "held": held, "draw_pile_count": 0}).build().close()
        return time.perf_counter() - start

    timed(50)  # warm
    small, large = min(timed(100) for _ in range(3)), min(timed(MAX_CARDS - 1) for _ in range(3))
    assert large < 0.5
    assert large < 40 * small + 0.02  # ten times the cards: far from a hundred times the time


# -- the CLI -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"played": [{"rank": "K", "suit": "H"}], "probabilities": []}', "probabilities"),
        (
            b'{"played": [{"rank": "K", "suit": "H"}], "hand_levels": {"Pair": 1'
            + b"0" * 5000
            + b"}}",
            "malformed JSON",
        ),
        (b"{", "malformed JSON"),
    ],
)
def test_the_cli_prints_one_line_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


# -- the fuzz test -------------------------------------------------------------------------
_DEEP: Any = []
for _ in range(100):
    _DEEP = [_DEEP]
_ODD: list[Any] = [
    None, True, 0, -1, 3, 10**18, -(10**18), 2**200, 0.5, -2.5, math.nan, math.inf,
    -math.inf, "", "K", "Joker", "Pair", "glass", "x" * 500, [], [1], {}, {"a": 1}, _DEEP,
]  # fmt: skip


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*path, i))
    return found


def _mutant(scenario: dict[str, Any], rnd: random.Random) -> tuple[dict[str, Any], str]:
    data = copy.deepcopy(scenario)
    for _ in range(rnd.randint(1, 3)):
        paths = _paths(data)[1:]
        if not paths:
            break
        path = rnd.choice(paths)
        parent: Any = data
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        how = rnd.randrange(6)
        if how == 0:
            del parent[key]
        elif how in (1, 2):
            parent[key] = copy.deepcopy(rnd.choice(_ODD))
        elif (
            how == 3 and isinstance(parent[key], (int, float)) and not isinstance(parent[key], bool)
        ):
            parent[key] = rnd.choice([-parent[key] - 1, parent[key] * 10**12, parent[key] + 0.5])
        elif how == 4 and isinstance(parent, dict):
            parent[rnd.choice(["surprise", "mlt", "extra", "x_mult", "chips"])] = rnd.choice(
                _ODD[:10]
            )
        elif how == 5 and isinstance(parent, list) and parent:
            parent.extend(copy.deepcopy(parent) * rnd.randint(1, 3))
        else:
            parent[key] = str(parent[key])[:20]
    return data, "mutated"


def test_mutated_vectors_score_or_raise_scenario_error() -> None:
    rnd = random.Random(8_5)
    counts = {"scored": 0, "refused": 0}
    for n in range(EXAMPLES):
        vector = rnd.choice(VECTORS)
        mutant, _ = _mutant(vector["scenario"], rnd)
        try:
            score(mutant)
        except ScenarioError as err:
            assert "\n" not in str(err)
            counts["refused"] += 1
            continue
        except Exception as err:  # pragma: no cover - what the test is for
            shown = json.dumps(mutant, default=repr)[:2000]
            raise AssertionError(
                f"example {n} ({vector['id']}): {type(err).__name__}: {err}\n{shown}"
            ) from err
        counts["scored"] += 1
    assert counts["refused"] > EXAMPLES // 4 and counts["scored"] > EXAMPLES // 10

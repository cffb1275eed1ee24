"""The fast paths of scoring give exactly what the plain paths give.

``score(dict)`` builds a lean game (no filler cards), reads common card spellings from
tables, and compiles every scoring plan in one walk; a chance that cannot fail or succeed
skips its draw. Each is checked here against the way it replaces.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Game, Scenario, ScenarioError, score
from balatro_ecs.game.cards import CardSpec
from balatro_ecs.game.dispatch import JokerPlans, ScoringPlans
from balatro_ecs.game.jokers import CopiedJoker
from balatro_ecs.game.scenario import _card
from balatro_ecs.game.scoring.context import ScoringContext
from balatro_ecs.kernel.content import JokerType
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.kernel.rng import GameRandom

VECTORS = json.loads((Path(__file__).parent / "data" / "scoring-vectors.json").read_text("utf-8"))


def _everything(result: Any) -> list[Any]:
    """All a result shows: the numbers to the bit, and every breakdown event."""
    return [
        result.hand_name,
        repr(result.chips),
        repr(result.mult),
        repr(result.score),
        result.debuffed,
        result.dollars,
        result.scoring_cards,
        [c.label for c in result.destroyed],
        [{k: repr(v) for k, v in e.to_dict().items()} for e in result.breakdown],
    ]


def _lean_and_full(scenario: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    lean = _everything(score(scenario))
    game = Scenario.from_dict(scenario).build()
    try:
        full = _everything(game.evaluate_play())
    finally:
        game.close()
    return lean, full


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_scoring_a_dict_matches_scoring_the_whole_built_game(vector: dict[str, Any]) -> None:
    lean, full = _lean_and_full(vector["scenario"])
    assert lean == full


@pytest.mark.parametrize(
    "jokers",
    [
        ["Blue Joker"],
        ["Erosion"],
        ["Steel Joker", "Stone Joker"],
        ["Driver's License"],
        ["Blue Joker", "Erosion", "Driver's License", "Steel Joker", "Stone Joker"],
    ],
)
def test_the_deck_jokers_see_the_unlisted_cards(jokers: list[str]) -> None:
    rnd = random.Random(" ".join(jokers))
    enhancements = ["steel", "stone", "glass", "bonus", "mult", "wild", "lucky", "gold"]
    for _ in range(25):
        listed = [
            {"rank": rnd.choice("23456789TJQKA"), "suit": rnd.choice("SHCD")}
            | ({"enhancement": rnd.choice(enhancements)} if rnd.random() < 0.8 else {})
            for _ in range(rnd.randint(0, 20))
        ]
        scenario: dict[str, Any] = {
            "played": [{"rank": "K", "suit": "S", "enhancement": "steel"}],
            "held": [{"rank": "2", "suit": "H", "enhancement": rnd.choice(enhancements)}],
            "jokers": jokers,
            "draw_pile": listed,
            "discard_pile_count": rnd.randint(0, 10),
        }
        if rnd.random() < 0.5:
            scenario["draw_pile_count"] = len(listed) + rnd.randint(0, 15)
        lean, full = _lean_and_full(scenario)
        assert lean == full


def test_plans_compiled_together_are_the_plans_compiled_one_hook_at_a_time() -> None:
    plugins = Plugins.default()
    keys = sorted(k for k, c in plugins._content.items() if isinstance(c, JokerType))
    rnd = random.Random(7)
    for _ in range(400):
        game = Game.empty(plugins=plugins)
        for _ in range(rnd.randint(0, 6)):
            key = rnd.choice([*keys, *["j_blueprint", "j_brainstorm"] * 12])
            game.add_joker(key, state={}, debuff=rnd.random() < 0.15)
        plans = JokerPlans(plugins, game.jokers)
        together = plans.scoring()
        for field in dataclasses.fields(ScoringPlans):
            if field.name == "own_main":
                assert together.own_main == plans.own_by_slot("joker_main")
                continue
            hook = f"joker_{field.name}"
            alone = plans.by_slot(hook) if field.name == "main" else plans.plan(hook)
            assert getattr(together, field.name) == alone, hook
        for i, view in enumerate(plans.views):  # each slot acts as resolve_copy says
            expected = JokerPlans._view(plans, plugins, i)
            if isinstance(expected, CopiedJoker):
                assert isinstance(view, CopiedJoker)
                assert (view.target, view.copied_by) == (expected.target, expected.copied_by)
            else:
                assert view is expected
        game.close()


_SPELLINGS: list[dict[str, Any]] = [
    {"rank": "K", "suit": "H"},
    {"rank": "10", "suit": "s"},
    {"rank": "T", "suit": "D", "enhancement": "glass", "edition": "foil", "seal": "red"},
    {"rank": "a", "suit": "C", "perma_bonus": 5, "played_this_ante": True, "debuff": False},
    {"rank": "Q", "suit": "S", "perma_bonus": 5.0},
    {"rank": "Jack", "suit": "Spades", "enhancement": "m_steel", "edition": "holographic"},
    {"rank": 14, "suit": "H", "enhancement": None, "seal": ""},
    {"rank": "K", "suit": "H", "debuff": 1},
    {"rank": "K", "suit": "H", "perma_bonus": True},
    {"rank": "K", "suit": "H", "perma_bonus": [5]},
    {"rank": ["K"], "suit": "H"},
    {"rank": "K", "suit": "H", "colour": "red"},
    {"rank": "K"},
    {"rank": "K", "suit": "H", "seal": "green"},
    "KH",
]


@pytest.mark.parametrize("data", _SPELLINGS, ids=repr)
def test_a_card_read_from_the_tables_is_the_card_the_parser_reads(data: Any) -> None:
    def read(parse: Any) -> Any:
        try:
            spec = parse()
        except ScenarioError as err:
            return str(err)
        return spec, type(spec.perma_bonus)

    fast = read(lambda: _card(data, "played", 2))
    plain = read(lambda: CardSpec.from_dict(data, "played[2]"))
    assert fast == plain


def test_a_scenario_holds_every_field_of_its_dataclass() -> None:
    for vector in VECTORS[:60]:
        scenario = Scenario.from_dict(vector["scenario"])
        assert list(vars(scenario)) == [f.name for f in dataclasses.fields(Scenario)]
        assert dataclasses.replace(scenario) == scenario
        for joker in scenario.jokers:
            assert list(vars(joker)) == [f.name for f in dataclasses.fields(joker)]
            assert dataclasses.replace(joker) == joker


@pytest.mark.parametrize("probability", [0.0, 1.0, 2.0, float("inf")])
def test_a_chance_moves_its_stream_as_a_draw_does(probability: float) -> None:
    game = Scenario.from_dict({"played": [{"rank": "K", "suit": "H"}]}).build()
    try:
        game.run.probability = probability
        ctx = ScoringContext(game, game.plans)
        expected = GameRandom(game.seed)
        for key, odds in [("glass", 4), ("lucky_mult", 5), ("glass", 4), ("space", 1)]:
            rolled = expected.random(key) < probability / odds
            assert ctx.chance(key, odds) == rolled
        assert game.rng.snapshot() == expected.snapshot()
    finally:
        game.close()

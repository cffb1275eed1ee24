"""The scenario format: defaults, and errors that name the field and the value."""

from __future__ import annotations

import pytest

from balatro_ecs import Scenario, ScenarioError, score
from balatro_ecs.game.scenario import load_scenarios
from balatro_ecs.kernel.components import Area

from .conftest import cards


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ({"played": []}, "played: a hand has 1 to 5 cards, got 0"),
        ({"played": cards("2H", "3H", "4H", "5H", "6H", "7H")}, "got 6"),
        ({}, "played: missing"),
        ({"played": [{"rank": "Z", "suit": "H"}]}, "played[0].rank: unknown rank 'Z'"),
        ({"played": [{"rank": "K"}]}, "played[0]: missing 'suit'"),
        ({"played": cards("KH"), "jokers": ["Blueprnt"]}, "did you mean 'Blueprint'"),
        ({"played": cards("KH"), "blind": "The Flnt"}, "blind: unknown blind 'The Flnt'"),
        ({"played": cards("KH"), "deck": "Plasm Deck"}, "did you mean 'Plasma Deck'"),
        ({"played": cards("KH"), "hand_levels": {"Pairs": 2}}, "hand_levels.Pairs"),
        ({"played": cards("KH"), "dollars": "lots"}, "dollars: expected a whole number"),
        ({"played": cards("KH"), "probabilities": "sometimes"}, "probabilities"),
        ({"played": cards("KH"), "playd": 1}, "did you mean 'played'"),
        (
            {"played": cards("KH"), "jokers": [{"name": "Joker", "edition": "shiny"}]},
            "jokers[0].edition",
        ),
        (
            {"played": cards("KH"), "draw_pile": cards("2S", "3S"), "draw_pile_count": 1},
            "draw_pile_count",
        ),
    ],
)
def test_bad_scenarios_name_the_problem(scenario: dict, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        Scenario.from_dict(scenario)
    assert message in str(info.value)


def test_names_are_accepted_in_several_spellings() -> None:
    base = {"played": [{"rank": "Ten", "suit": "Spades"}, {"rank": "T", "suit": "♠"}]}
    assert score(base).hand_name == "Pair"
    for name in ("Séance", "Seance", "seance", "j_seance"):
        assert (
            Scenario.from_dict({"played": cards("KH"), "jokers": [name]}).jokers[0].type.key
            == "j_seance"
        )
    assert (
        Scenario.from_dict({"played": cards("KH"), "blind": "bl_flint"}).blind.name == "The Flint"
    )


def test_defaults_fill_the_deck_to_52_cards() -> None:
    game = Scenario.from_dict({"played": cards("KH", "KS"), "held": cards("2C")}).build()
    assert len(game.cards(Area.DECK)) == 49
    assert len(game.playing_cards) == 52
    run = game.run
    assert (run.hands_left, run.discards_left, run.dollars) == (3, 3, 0)


def test_listed_draw_pile_without_a_count_matches_the_reference_scorer() -> None:
    game = Scenario.from_dict({"played": cards("KH"), "draw_pile": cards("2S steel", "3S")}).build()
    # 52 - played - held - discards - len(draw_pile) cards in the draw pile, listed ones first
    assert len(game.cards(Area.DECK)) == 52 - 1 - 2
    assert game.cards(Area.DECK)[0].label == "2♠ steel"


def test_load_scenarios_reports_malformed_json() -> None:
    with pytest.raises(ScenarioError, match="malformed JSON at line 1"):
        load_scenarios('{"played": [')
    assert len(load_scenarios('[{"played": []}, {"played": []}]')) == 2

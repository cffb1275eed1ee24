"""The Lucky Sevens pack's own tests, written with balatro_ecs.testing.

Run them with ``pytest examples/lucky7-pack/tests`` (the pack installed, or its folder on
the path); the main suite runs them too (tests/test_packs.py).
"""

from __future__ import annotations

import lucky7_pack
import pytest
from hypothesis import given, settings

from balatro_ecs import Game, Plugins, score
from balatro_ecs.actions import Play
from balatro_ecs.enums import Enhancement
from balatro_ecs.testing import strategies as bst
from balatro_ecs.testing.properties import (
    assert_commutes,
    assert_copies_faithfully,
    assert_retriggers,
    assert_survives_save,
)
from balatro_ecs.testing.runs import hold, play_blind

PLUGINS = Plugins(plugins=[lucky7_pack], entry_points=False, config=False)
JOKERS = ["j_lucky7_seven", "j_lucky7_jackpot", "j_lucky7_snake_eyes"]
SEVENS = {"played": [{"rank": "7", "suit": s} for s in "HSDC"], "probabilities": "never"}


def test_the_pack_is_one_pack_with_all_its_content() -> None:
    assert PLUGINS.packs["lucky7"] == "1.1.0"
    keys = {c.key for c in PLUGINS.pack_content("lucky7")}
    assert keys == {*JOKERS, "bl_lucky7_black_cat", "b_lucky7_lucky"}


def test_lucky_seven_and_jackpot_score_four_sevens() -> None:
    result = score({**SEVENS, "jokers": ["Lucky Seven", "Jackpot"]}, plugins=PLUGINS)
    # Four of a Kind: 60 + 4*7 chips; (7 + 4*7) mult, then X3
    assert (result.hand_name, result.chips, result.mult) == ("Four of a Kind", 88, 105)


@pytest.mark.parametrize("joker", JOKERS)
def test_copied_by_blueprint_and_brainstorm(joker: str) -> None:
    aces = {"played": [{"rank": "A", "suit": "H"}, *SEVENS["played"][:3]]}
    assert_copies_faithfully(joker, {**aces, "probabilities": "never"}, plugins=PLUGINS)


@pytest.mark.parametrize("joker", ["j_lucky7_seven", "j_lucky7_snake_eyes"])
def test_per_card_effects_retrigger(joker: str) -> None:
    played = [{"rank": "7", "suit": "H"}, {"rank": "A", "suit": "S"}]
    assert_retriggers(joker, {"played": played, "probabilities": "never"}, plugins=PLUGINS)


@settings(max_examples=25, deadline=None, database=None)
@given(bst.scenarios(jokers=[], plain_cards=True))
def test_additive_jokers_commute(scenario: dict) -> None:
    assert_commutes("Lucky Seven", "Snake Eyes", scenario, plugins=PLUGINS)


def test_the_black_cat_debuffs_sevens() -> None:
    game = Game(seed="LUCKY7", plugins=PLUGINS)
    play_blind(game, "The Black Cat")
    cards = hold(game, "7H", "7S", "2C", "3D", "4S", "5H", "9C", "KD")
    assert [c.debuffed for c in cards[:3]] == [True, True, False]
    game.apply(Play((0, 1)))
    assert game.run.chips == 10 * 2  # a Pair of debuffed 7s scores the hand's base only


def test_the_lucky_deck_makes_every_seven_lucky() -> None:
    game = Game(deck="Lucky Deck", seed="LUCKY7", plugins=PLUGINS)
    sevens = [c for c in game.playing_cards if c.rank == 7]
    assert len(sevens) == 4
    assert all(c.enhancement is Enhancement.LUCKY for c in sevens)
    assert_survives_save(game)

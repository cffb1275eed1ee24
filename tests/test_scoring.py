"""The scoring mechanisms, one at a time, with numbers worked out from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from balatro_ecs import Game, Scenario, score
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.enums import Enhancement, HandType

from .conftest import cards


def play(played: list[str], **scenario: Any) -> tuple[Any, Game]:
    """Score a scenario and keep the game, to look at what the hand changed."""
    game = Scenario.from_dict({"played": cards(*played), **scenario}).build()
    return game.evaluate_play(), game


def kinds(result: Any) -> list[tuple[str, str, Any]]:
    return [(e.source, e.kind, e.value) for e in result.breakdown]


# --- a scored card: own values, edition, then jokers -------------------------------------


def test_glass_doubles_before_the_card_edition_adds() -> None:
    result = score({"played": cards("8H glass holo")})
    # High Card 5 + 8 chips; mult 1 x2 (glass) then +10 (holo)
    assert (result.chips, result.mult, result.score) == (13, 12, 156)
    assert [k for _, k, _ in kinds(result)][1:] == ["chips", "x_mult", "mult"]


def test_red_seal_retriggers_the_whole_card() -> None:
    result = score({"played": cards("5S red holo")})
    assert result.chips == 5 + 5 + 5
    assert result.mult == 1 + 10 + 10


def test_gold_seal_pays_each_trigger_and_money_reaches_the_run() -> None:
    result, game = play(["5S gold_seal"], jokers=["Hanging Chad"], dollars=10)
    assert result.dollars == 3 * 3
    assert game.run.dollars == 19


def test_stone_and_bonus_chips_with_perma_bonus() -> None:
    result = score(
        {"played": [{"rank": "9", "suit": "S", "enhancement": "stone", "perma_bonus": 5}]}
    )
    assert result.chips == 5 + 50 + 5
    result = score({"played": cards("9S bonus")})
    assert result.chips == 5 + 9 + 30


def test_lucky_cards_follow_the_probability_setting() -> None:
    always = score({"played": cards("6S lucky"), "probabilities": "always"})
    never = score({"played": cards("6S lucky"), "probabilities": "never"})
    assert always.mult == 1 + 20 and always.dollars == 20
    assert never.mult == 1 and never.dollars == 0


def test_debuffed_scoring_cards_score_nothing() -> None:
    result = score({"played": cards("KC", "KS"), "blind": "The Club"})
    assert result.chips == 10 + 10
    assert "debuffed" in [k for _, k, _ in kinds(result)]


# --- held cards ------------------------------------------------------------------------


def test_steel_held_card_and_red_seal_retrigger() -> None:
    assert score({"played": cards("2S"), "held": cards("KS steel")}).mult == 1.5
    assert score({"played": cards("2S"), "held": cards("KS steel red")}).mult == 1.5 * 1.5


def test_held_red_seal_without_an_effect_does_not_retrigger() -> None:
    result = score({"played": cards("2S"), "held": cards("7D red"), "jokers": ["Mime"]})
    assert "retrigger" not in [k for _, k, _ in kinds(result)]


def test_raised_fist_takes_the_rightmost_lowest_card() -> None:
    result = score(
        {"played": cards("AS"), "held": cards("4D", "9S", "4C"), "jokers": ["Raised Fist"]}
    )
    fist = [e for e in result.breakdown if e.source == "Raised Fist"]
    assert [(e.target, e.value) for e in fist] == [("4♣", 8)]


# --- jokers: editions, order, joker-on-joker ---------------------------------------------


def test_joker_editions_wrap_the_main_effect() -> None:
    result = score(
        {
            "played": cards("JC", "JD"),
            "jokers": [
                {"name": "Joker", "edition": "polychrome"},
                {"name": "Joker", "edition": "holo"},
            ],
        }
    )
    # (2 + 4) x1.5 = 9, then +10 +4
    assert result.mult == 23


def test_baseball_card_follows_each_uncommon_joker_before_its_polychrome() -> None:
    result = score(
        {
            "played": cards("2H", "2S"),
            "jokers": [{"name": "Hack", "edition": "polychrome"}, "Baseball Card"],
        }
    )
    sources = [(e.source, e.kind, e.target) for e in result.breakdown if e.phase == "jokers"]
    assert sources == [
        ("Baseball Card", "x_mult", "Hack"),
        ("Hack", "x_mult", "polychrome edition"),
    ]


def test_baseball_card_still_counts_a_debuffed_uncommon_joker() -> None:
    result = score(
        {"played": cards("2H", "2S"), "jokers": [{"name": "Hack", "debuff": True}, "Baseball Card"]}
    )
    assert result.mult == 2 * 1.5


def test_joker_stencil_counts_empty_slots_and_negatives() -> None:
    assert score({"played": cards("2H"), "jokers": ["Joker Stencil"]}).mult == 5
    negative = {
        "played": cards("2H"),
        "jokers": [{"name": "Joker", "edition": "negative"}, "Joker Stencil"],
    }
    # 6 slots (one from the Negative), 2 jokers, and the Stencil counts itself: x5
    assert score(negative).mult == (1 + 4) * 5


def test_swashbuckler_adds_the_other_jokers_sell_values() -> None:
    # Joker costs $2 (sells for $1), Blueprint $10 (sells for $5)
    result = score({"played": cards("2H"), "jokers": ["Swashbuckler", "Joker", "Blueprint"]})
    swash = [e.value for e in result.breakdown if e.source == "Swashbuckler"]
    assert swash == [6]


# --- copying -----------------------------------------------------------------------------


def test_blueprint_copies_the_effect_but_not_the_growth() -> None:
    result, game = play(
        ["KH", "KS"], jokers=["Blueprint", {"name": "Green Joker", "state": {"mult": 0}}]
    )
    assert result.mult == 2 + 1 + 1
    assert game.jokers[1].state["mult"] == 1


def test_brainstorm_copies_the_leftmost_and_chains() -> None:
    result = score({"played": cards("KH", "KS"), "jokers": ["Joker", "Blueprint", "Brainstorm"]})
    assert result.mult == 2 + 4 + 4 + 4


def test_copies_of_copiers_that_loop_do_nothing() -> None:
    result = score({"played": cards("KH", "KS"), "jokers": ["Blueprint", "Brainstorm"]})
    assert result.mult == 2


# --- before: growth, conversion, deck tallies -------------------------------------------------


def test_vampire_then_midas_and_midas_then_vampire() -> None:
    vampire_first = score({"played": cards("QH", "QD glass"), "jokers": ["Vampire", "Midas Mask"]})
    midas_first = score({"played": cards("QH", "QD glass"), "jokers": ["Midas Mask", "Vampire"]})
    assert vampire_first.mult == pytest.approx(2 * 1.1)
    assert midas_first.mult == pytest.approx(2 * 1.2)


def test_steel_joker_counts_the_deck_as_it_was_when_the_hand_began() -> None:
    result = score({"played": cards("KS steel"), "jokers": ["Vampire", "Steel Joker"]})
    # Vampire takes the Steel off during the hand, Steel Joker still counts it (x1.2)
    assert result.mult == pytest.approx(1.1 * 1.2)


def test_dna_copies_a_single_first_hand_into_hand_and_deck() -> None:
    result, game = play(["KS steel"], jokers=["DNA"], draw_pile_count=10)
    held = game.cards(Area.HAND)
    assert [c.label for c in held] == ["K♠ steel"]
    # the copy is held while the hand scores, so its Steel counts
    assert result.mult == 1.5
    assert len(game.playing_cards) == 12


def test_hiker_chips_stay_on_the_card() -> None:
    _, game = play(["9S"], jokers=["Hiker"])
    assert game.cards(Area.PLAY)[0].perma_bonus == 5


def test_space_joker_levels_the_hand_before_it_scores() -> None:
    result, game = play(["QH", "QS"], jokers=["Space Joker"], probabilities="always")
    assert game.run.hands[HandType.PAIR].level == 2
    assert result.chips == 25 + 20


def test_obelisk_resets_on_the_most_played_hand() -> None:
    _, game = play(["6H", "6S"], jokers=[{"name": "Obelisk", "state": {"x_mult": 1.4}}])
    assert game.jokers[0].state["x_mult"] == 1


# --- after scoring: destruction and countdowns --------------------------------------------------


def test_glass_shatters_and_glass_joker_grows() -> None:
    _, game = play(["8H glass", "8S glass"], jokers=["Glass Joker"], probabilities="always")
    assert game.cards(Area.PLAY) == ()
    assert game.jokers[0].state["x_mult"] == 1 + 0.75 * 2


def test_canio_grows_per_destroyed_face_card() -> None:
    _, game = play(["KH glass"], jokers=["Canio"], probabilities="always")
    assert game.jokers[0].state["caino_xmult"] == 2


def test_ice_cream_melts_and_seltzer_runs_out() -> None:
    _, game = play(["2H"], jokers=["Ice Cream", {"name": "Seltzer", "state": {"extra": 1}}])
    assert [j.name for j in game.jokers] == ["Ice Cream"]
    assert game.jokers[0].state["extra"]["chips"] == 95
    _, game = play(["2H"], jokers=[{"name": "Ice Cream", "state": {"extra": {"chips": 5}}}])
    assert game.jokers == []


def test_sixth_sense_destroys_a_lone_six_and_makes_a_spectral() -> None:
    result, game = play(["6H"], jokers=["Sixth Sense"])
    assert result.score == 5 + 6
    assert game.cards(Area.PLAY) == ()
    assert [c.type.set for c in game.consumables] == ["Spectral"]


# --- money -----------------------------------------------------------------------------


def test_money_earned_mid_hand_counts_for_bull() -> None:
    result = score(
        {"played": cards("4H gold_seal", "4S gold_seal"), "jokers": ["Bull"], "dollars": 10}
    )
    assert result.chips == 10 + 4 + 4 + 2 * 16


def test_business_card_and_reserved_parking_pay_on_their_chances() -> None:
    result = score(
        {
            "played": cards("KH", "KS"),
            "held": cards("QD"),
            "jokers": ["Business Card", "Reserved Parking"],
            "probabilities": "always",
        }
    )
    assert result.dollars == 2 + 2 + 1


def test_to_do_list_pays_for_its_hand() -> None:
    result = score({"played": cards("2H"), "jokers": ["To Do List"]})
    assert result.dollars == 4


def test_loyalty_card_fires_every_sixth_hand() -> None:
    loyalty = {"name": "Loyalty Card", "state": {"hands_played_at_create": 0}}
    fires = score({"played": cards("2H"), "jokers": [loyalty], "hands_played_total": 5})
    waits = score({"played": cards("2H"), "jokers": [loyalty], "hands_played_total": 4})
    assert (fires.mult, waits.mult) == (4, 1)


def test_misprint_is_seeded() -> None:
    first = score({"played": cards("2H"), "jokers": ["Misprint"], "seed": "ABCDEFGH"})
    again = score({"played": cards("2H"), "jokers": ["Misprint"], "seed": "ABCDEFGH"})
    assert first.mult == again.mult
    assert 1 <= first.mult <= 24


# --- consumables made during a hand --------------------------------------------------------------


def test_eight_ball_makes_a_tarot_after_the_hand_when_there_is_room() -> None:
    _, game = play(["8H", "8S"], jokers=["8 Ball"], probabilities="always")
    assert [c.type.set for c in game.consumables] == ["Tarot", "Tarot"]
    _, game = play(
        ["8H", "8S", "8C"], jokers=["8 Ball"], probabilities="always", consumables=["Pluto"]
    )
    assert len(game.consumables) == 2  # one slot was left


def test_superposition_seance_and_vagabond() -> None:
    _, game = play(["10H", "JH", "QH", "KH", "AH"], jokers=["Superposition", "Séance", "Vagabond"])
    assert sorted(c.type.set for c in game.consumables) == ["Spectral", "Tarot"]
    _, game = play(["2H"], jokers=["Vagabond"], dollars=4)
    assert [c.type.set for c in game.consumables] == ["Tarot"]


def test_observatory_multiplies_for_a_held_planet_of_the_hand() -> None:
    base = {"played": cards("KH", "KS"), "consumables": ["Mercury", "Pluto"]}
    assert score(base).mult == 2
    assert score({**base, "observatory": True}).mult == 3


# --- blinds and decks ---------------------------------------------------------------------


def test_the_flint_halves_base_chips_and_mult() -> None:
    result = score({"played": cards("KH", "KS"), "blind": "The Flint"})
    assert result.chips == 5 + 20 and result.mult == 1


def test_the_arm_lowers_the_level_first() -> None:
    result, game = play(["KH", "KS"], blind="The Arm", hand_levels={"Pair": 3})
    assert game.run.hands[HandType.PAIR].level == 2
    assert result.chips == 25 + 20


def test_the_ox_takes_the_money_on_the_most_played_hand() -> None:
    _, game = play(["KH", "KS"], blind="The Ox", most_played_hand="Pair", dollars=30)
    assert game.run.dollars == 0
    _, game = play(["KH"], blind="The Ox", most_played_hand="Pair", dollars=30)
    assert game.run.dollars == 30


@pytest.mark.parametrize(
    ("played", "extra"),
    [
        (["KH", "KS"], {"blind": "The Psychic"}),
        (["KH", "KS"], {"blind": "The Eye", "eye_hands_used": ["Pair"]}),
        (["KH", "KS"], {"blind": "The Mouth", "mouth_hand": "High Card"}),
    ],
)
def test_hand_debuffing_bosses_score_zero_and_pay_matador(played: list[str], extra: dict) -> None:
    result = score({"played": cards(*played), "jokers": ["Matador", "Joker"], **extra})
    assert (result.score, result.chips, result.mult, result.debuffed) == (0, 0, 0, True)
    assert result.dollars == 8


def test_the_eye_and_the_mouth_remember_the_first_hand() -> None:
    game = Scenario.from_dict({"played": cards("KH", "KS"), "blind": "The Eye"}).build()
    assert game.evaluate_play().score > 0
    assert game.blind is not None and game.blind.memory["hands_used"] == ["Pair"]


def test_the_pillar_debuffs_cards_played_this_ante() -> None:
    played = [{"rank": "K", "suit": "H", "played_this_ante": True}, {"rank": "K", "suit": "S"}]
    assert score({"played": played, "blind": "The Pillar"}).chips == 10 + 10


def test_disabled_blind_does_nothing() -> None:
    assert (
        score({"played": cards("KH", "KS"), "blind": "The Flint", "blind_disabled": True}).score
        == 60
    )
    assert (
        score({"played": cards("KH", "KS"), "blind": "The Flint", "jokers": ["Chicot"]}).score == 60
    )


def test_plasma_deck_balances_chips_and_mult() -> None:
    result = score({"played": cards("KH", "KS"), "deck": "Plasma Deck", "jokers": ["Joker"]})
    assert result.chips == result.mult == (30 + 6) // 2


# --- the breakdown --------------------------------------------------------------------------


def test_breakdown_replays_to_the_final_numbers(vectors: list[dict]) -> None:
    for vector in vectors:
        result = score(vector["scenario"])
        assert result.breakdown.replay() == (result.chips, result.mult), vector["id"]


def test_breakdown_names_sources_and_renders_a_table() -> None:
    result = score({"played": cards("KH", "KS"), "jokers": ["Joker"]})
    first = result.breakdown[0]
    assert (first.kind, first.value) == ("base", (10.0, 2.0))
    assert result.breakdown[-1].source == "Joker"
    table = result.breakdown.table()
    assert "Joker" in table and "+4 mult" in table
    assert result.breakdown[-1].to_dict()["source_kind"] == "joker"


def test_result_dict_has_the_compared_fields() -> None:
    assert score({"played": cards("KH", "KS")}).to_dict() == {
        "hand_name": "Pair",
        "chips": 30,
        "mult": 2,
        "score": 60,
    }


def test_scoring_changes_hand_counts() -> None:
    _, game = play(["KH", "KS"], hand_stats={"Pair": {"played": 4, "played_this_round": 1}})
    stats = game.run.hands[HandType.PAIR]
    assert (stats.played, stats.played_this_round) == (5, 2)
    assert game.run.last_hand_played is HandType.PAIR


def test_enhancement_tally_follows_changes() -> None:
    _, game = play(["QH", "QD"], jokers=["Midas Mask"])
    assert game.enhancement_counts()[Enhancement.GOLD] == 2

"""The Lucky Sevens pack's own tests, written with balatro_ecs.testing.

Run them with ``pytest examples/lucky7-pack/tests`` (the pack installed, or its folder on
the path); the main suite runs them too (tests/test_packs.py).
"""

from __future__ import annotations

import json
from typing import Any

import lucky7_pack
import pytest
from balatro_ecs.actions import BuyPack, CashOut, Discard, EndShop, Play, Reroll, SkipPack
from balatro_ecs.testing import strategies as bst
from balatro_ecs.testing.properties import (
    assert_commutes,
    assert_copies_faithfully,
    assert_retriggers,
    assert_survives_save,
)
from balatro_ecs.testing.recorder import HookRecorder
from balatro_ecs.testing.runs import hold, play_blind, win_round
from hypothesis import given, settings

from balatro_ecs import Game, Plugins, score
from balatro_ecs.game.cards import Card, CardSpec
from balatro_ecs.game.jokers import Joker
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.enums import Enhancement, HandType, Seal, Suit

PLUGINS = Plugins(plugins=[lucky7_pack], entry_points=False, config=False)
#: The game's content alone, whether or not this pack is installed.
VANILLA = Plugins(entry_points=False, config=False)
JOKERS = ["j_lucky7_seven", "j_lucky7_jackpot", "j_lucky7_snake_eyes"]
SEVENS = {"played": [{"rank": "7", "suit": s} for s in "HSDC"], "probabilities": "never"}
CLOVER, HORSESHOE = "lucky7_clover", "lucky7_horseshoe"  # as scenarios and saves spell them


def test_the_pack_is_one_pack_with_all_its_content() -> None:
    assert PLUGINS.packs["lucky7"] == "1.1.0"
    keys = {c.key for c in PLUGINS.pack_content("lucky7")}
    assert keys == {
        *JOKERS,
        "bl_lucky7_black_cat",
        "b_lucky7_lucky",
        "m_lucky7_clover",
        "s_lucky7_horseshoe",
        "h_lucky7_seventh_heaven",
        "set_lucky7_charm",
        "c_lucky7_rabbit_foot",
        "c_lucky7_four_leaf",
        "c_lucky7_wishbone",
        "p_lucky7_lucky",
    }


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


# -- the Clover Card (an enhancement) and the Horseshoe Seal -------------------------------


def test_a_clover_card_gives_seven_mult_and_a_horseshoe_seven_chips() -> None:
    seven = {"rank": "7", "suit": "H", "enhancement": CLOVER, "seal": HORSESHOE}
    result = score({"played": [seven, {"rank": "7", "suit": "S"}]}, plugins=PLUGINS)
    # Pair: 10 + 7 + 7 chips, +7 from the seal; 2 mult, +7 from the enhancement
    assert (result.hand_name, result.chips, result.mult) == ("Pair", 31, 9)


def _with(scenario: dict[str, Any], **modifier: str) -> dict[str, Any]:
    return {**scenario, "played": [{**card, **modifier} for card in scenario["played"]]}


@settings(max_examples=40, deadline=None, database=None)
@given(bst.scenarios(jokers=[], plain_cards=True))
def test_clover_and_horseshoe_add_exactly_their_numbers(scenario: dict[str, Any]) -> None:
    """On any hand of plain cards, each scoring Clover Card adds 7 Mult and nothing else,
    each scoring Horseshoe Seal 7 Chips and nothing else."""
    plain = score(scenario, plugins=PLUGINS)
    scoring = len(plain.scoring)
    clover = score(_with(scenario, enhancement=CLOVER), plugins=PLUGINS)
    assert (clover.chips, clover.mult) == (plain.chips, plain.mult + 7 * scoring)
    sealed = score(_with(scenario, seal=HORSESHOE), plugins=PLUGINS)
    assert (sealed.chips, sealed.mult) == (plain.chips + 7 * scoring, plain.mult)


def test_a_red_seal_retriggers_the_clover_hook() -> None:
    card = {"rank": "7", "suit": "H", "enhancement": CLOVER, "seal": "red"}
    with HookRecorder(PLUGINS) as calls:
        result = score({"played": [card]}, plugins=PLUGINS)
    assert [c.key for c in calls.of("enhancement_scored")] == ["m_lucky7_clover"] * 2
    assert result.mult == 1 + 7 * 2


def test_held_clovers_pay_and_a_discarded_horseshoe_seven_pays() -> None:
    game = Game(seed="LUCKY7", plugins=PLUGINS)
    play_blind(game)
    clover = CardSpec(12, Suit.HEARTS, enhancement=Enhancement.LUCKY7_CLOVER)
    seven = CardSpec(7, Suit.SPADES, seal=Seal.LUCKY7_HORSESHOE)
    hold(game, clover, clover, seven, "2C", "3D", "4S", "5H", "9C")
    dollars = game.run.dollars
    game.apply(Discard((2,)))
    assert game.run.dollars == dollars + 7
    assert_survives_save(game)  # the pack's kinds save and load by name
    dollars = game.run.dollars
    win_round(game)  # two Clover Cards held at the end of the round
    assert game.run.dollars == dollars + 2


# -- Seventh Heaven (a poker hand) ---------------------------------------------------------

HEAVEN = "Seventh Heaven"
THREE_SEVENS = [{"rank": "7", "suit": s} for s in "HSD"]


def test_three_sevens_make_seventh_heaven_and_four_are_four_of_a_kind() -> None:
    result = score({"played": [*THREE_SEVENS, {"rank": "K", "suit": "C"}]}, plugins=PLUGINS)
    assert result.hand_name == HEAVEN
    assert [c.rank for c in result.scoring] == [7, 7, 7]
    assert (result.chips, result.mult) == (77 + 3 * 7, 7)
    assert score({"played": SEVENS["played"]}, plugins=PLUGINS).hand_name == "Four of a Kind"
    # without the pack, three 7s are Three of a Kind
    assert score({"played": THREE_SEVENS}, plugins=VANILLA).hand_name == "Three of a Kind"


def test_seventh_heaven_levels_up_and_holds_a_three_of_a_kind() -> None:
    levelled = score({"played": THREE_SEVENS, "hand_levels": {HEAVEN: 3}}, plugins=PLUGINS)
    assert (levelled.chips, levelled.mult) == (77 + 2 * 30 + 21, 7 + 2 * 3)
    # Zany Joker: +12 Mult if the played hand contains a Three of a Kind
    zany = score({"played": THREE_SEVENS, "jokers": ["Zany Joker"]}, plugins=PLUGINS)
    assert zany.mult == 7 + 12


@settings(max_examples=40, deadline=None, database=None)
@given(bst.scenarios(jokers=[], plain_cards=True))
def test_seventh_heaven_is_found_exactly_when_three_sevens_are_played(scenario: dict) -> None:
    """On any hand of plain cards: with the pack, the hand is Seventh Heaven exactly when
    three or more 7s are played and no better hand is; without it, that hand is what the
    game says it is."""
    result = score(scenario, plugins=PLUGINS)
    vanilla = score(scenario, plugins=VANILLA)
    sevens = sum(1 for card in scenario["played"] if str(card["rank"]) == "7")
    better = vanilla.hand_name in (
        "Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
        "Five of a Kind", "Flush House", "Flush Five",
    )  # fmt: skip
    if sevens >= 3 and not better:
        assert result.hand_name == HEAVEN
    else:
        assert result.hand_name == vanilla.hand_name


def test_a_run_plays_seventh_heaven_and_saves_it_by_name() -> None:
    game = play_blind(Game(seed="HEAVEN", plugins=PLUGINS))
    hold(game, "7S", "7H", "7D", "KC", "2C", "3D", "4H", "5S")
    game.apply(Play((0, 1, 2, 3)))
    heaven = HandType.from_name(HEAVEN)
    assert game.run.hands[heaven].played == 1
    assert game.run.last_hand_played is heaven
    row = json.loads(game.to_json())["run"]["hands"][HEAVEN]
    assert (row["played"], row["pack"]) == (1, "lucky7")  # saved by name, with its pack
    assert_survives_save(game)


def test_a_save_made_without_the_pack_loads_with_it() -> None:
    game = play_blind(Game(seed="HEAVEN", plugins=VANILLA))  # the game's content only
    game.level_up(HandType.PAIR, 2)
    loaded = Game.from_json(game.to_json(), PLUGINS)
    assert loaded.run.hands[HandType.PAIR].level == 3
    assert loaded.run.hands[HandType.from_name(HEAVEN)].level == 1  # a fresh row
    assert_survives_save(loaded)


# -- the content reaches the game's pools --------------------------------------------------


def _standard_pack_cards(game: Game) -> list[Card]:
    """Open each Standard pack of the shop (paid for by the test); the cards shown."""
    shown: list[Card] = []
    slot = 0
    while slot < len(game.shop_packs):
        if "standard" not in game.shop_packs[slot]:
            slot += 1
            continue
        game.earn(10, "test")
        game.apply(BuyPack(slot))
        shown += [card for card in game.pack if isinstance(card, Card)]
        if game.phase is Phase.PACK:
            game.apply(SkipPack())
    return shown


def test_seeded_shops_offer_the_pack_s_jokers_and_standard_packs_its_enhancement() -> None:
    """Play seeded runs through the actions (rounds won by the testing kit) and look at
    every shop, two rerolls each: a lucky7 joker is offered, and a Standard pack card is a
    Clover Card, as vanilla content would be."""
    jokers: set[str] = set()
    enhancements: set[Enhancement] = set()
    for n in range(30):
        game = Game(seed=f"LUCKYSHOP{n}", plugins=PLUGINS)
        for _ in range(3):  # the first three shops of the run
            play_blind(game)
            win_round(game)
            game.apply(CashOut())
            for reroll in range(3):
                jokers |= {j.key for j in game.shop if isinstance(j, Joker)}
                cards = _standard_pack_cards(game)
                enhancements |= {c.enhancement for c in cards}
                if reroll < 2:
                    game.earn(10, "test")
                    game.apply(Reroll())
            game.apply(EndShop())
        if jokers & set(JOKERS) and Enhancement.LUCKY7_CLOVER in enhancements:
            break
    assert jokers & set(JOKERS), "no lucky7 joker in any shop"
    assert Enhancement.LUCKY7_CLOVER in enhancements, "no Clover Card in any Standard pack"
    assert len(enhancements - {Enhancement.NONE, Enhancement.LUCKY7_CLOVER}) >= 3  # and the game's

"""Vanilla jokers outside scoring: the run contexts of jokers.toml ``game_contexts``.

Setting a blind, the first hand drawn, discards, the end of a round, cash-out payouts,
selling, rerolling, leaving the shop, booster packs, using consumables, cards joining the
deck, game over, and passive rule changes (hand size, hands, discards, money rules).
Blueprint copies a copyable run effect (it acts twice) but never grows a joker's counters.

Rounds are won by playing a hand once the round's score sits one chip short of the blind.
"""

from __future__ import annotations

import pytest

from balatro_ecs import CardSpec, Edition, Enhancement, Game, HandType, Seal
from balatro_ecs.game.actions import (
    Buy,
    BuyPack,
    CashOut,
    Discard,
    EndShop,
    Play,
    Reroll,
    SelectBlind,
    Sell,
    SkipPack,
    Use,
)
from balatro_ecs.game.run import shop
from balatro_ecs.game.run.cards_for_sale import joker_pool
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import BoosterType
from balatro_ecs.kernel.enums import HAND_NAMES
from balatro_ecs.tools.testing.runs import hold, play_blind

SEED = "JOKERUN1"
#: A boss that leaves money, hands, discards and a played pair alone (The Club).
QUIET_BOSS = "The Club"
HAND = ("AS", "AH", "KC", "QD", "2S", "3H", "4C", "7D")
RANK_TEXT = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


def new_game(*jokers: str, seed: str = SEED) -> Game:
    game = Game(seed=seed)
    for key in jokers:
        game.add_joker(key)
    return game


def win_hand(game: Game) -> None:
    """Win the current round with one hand (the score is set one chip short first)."""
    hold(game, *HAND)
    game.run.chips = game.run.blind_chips - 1
    game.apply(Play((0, 1)))
    assert game.phase is Phase.CASH_OUT


def win_round(game: Game, blind: str | None = None) -> None:
    play_blind(game, blind)
    win_hand(game)


def to_shop(game: Game, blind: str | None = None) -> Game:
    win_round(game, blind)
    game.apply(CashOut())
    return game


def next_round(game: Game, blind: str | None = None) -> None:
    """From the shop, win the next blind up to its cash-out."""
    game.apply(EndShop())
    win_round(game, blind)


def payout(game: Game) -> dict[str, int]:
    return {label.split(":")[0]: dollars for label, dollars in game.run.payout}


def keys(game: Game) -> list[str]:
    return [j.key for j in game.jokers]


def open_pack(game: Game, key: str) -> None:
    game.shop_packs = [key]
    game.run.dollars += 10
    game.apply(BuyPack(0))
    assert game.phase is Phase.PACK


# ---------------------------------------------------------------------------------------
# setting a blind
# ---------------------------------------------------------------------------------------


def test_madness_gains_and_destroys_a_joker_on_small_blind():
    game = new_game("j_madness", "j_joker", "j_joker")
    game.apply(SelectBlind())
    madness = game.jokers[0]
    assert madness.key == "j_madness"
    assert madness.state["x_mult"] == 1.5
    assert keys(game) == ["j_madness", "j_joker"]


def test_madness_spares_eternal_jokers():
    game = new_game("j_madness")
    game.add_joker("j_joker", eternal=True)
    game.apply(SelectBlind())
    assert keys(game) == ["j_madness", "j_joker"]
    assert game.jokers[0].state["x_mult"] == 1.5


def test_madness_does_nothing_on_the_boss():
    game = new_game("j_madness", "j_joker")
    play_blind(game, QUIET_BOSS)
    assert keys(game) == ["j_madness", "j_joker"]
    assert game.jokers[0].state["x_mult"] == 1


def test_ceremonial_dagger_eats_its_right_neighbour_for_twice_its_sell_value():
    game = new_game("j_joker", "j_ceremonial", "j_blueprint", "j_golden")
    game.apply(SelectBlind())
    # Blueprint costs $10 and sells for $5: +10 Mult; the joker to the left survives.
    assert keys(game) == ["j_joker", "j_ceremonial", "j_golden"]
    assert game.jokers[1].state["mult"] == 10


def test_ceremonial_dagger_spares_an_eternal_neighbour():
    game = new_game("j_ceremonial")
    game.add_joker("j_joker", eternal=True)
    game.apply(SelectBlind())
    assert keys(game) == ["j_ceremonial", "j_joker"]
    assert game.jokers[0].state["mult"] == 0


def test_burglar_gives_three_hands_and_takes_the_discards():
    game = new_game("j_burglar")
    game.apply(SelectBlind())
    assert (game.run.hands_left, game.run.discards_left) == (4 + 3, 0)
    assert not game.can(Discard((0,)))


def test_riff_raff_creates_two_common_jokers():
    game = new_game("j_riff_raff")
    game.apply(SelectBlind())
    made = game.jokers[1:]
    assert len(made) == 2
    assert all(j.rarity == 1 for j in made)


def test_riff_raff_is_limited_by_free_slots():
    game = new_game("j_riff_raff", "j_joker", "j_joker", "j_joker")
    game.apply(SelectBlind())
    assert len(game.jokers) == 5


def test_cartomancer_creates_a_tarot_when_there_is_room():
    game = new_game("j_cartomancer")
    game.apply(SelectBlind())
    assert [c.type.set for c in game.consumables] == ["Tarot"]
    win_hand(game)
    game.apply(CashOut())
    game.add_consumable("c_pluto")
    next_round(game)
    assert len(game.consumables) == 2  # full: no third card


def test_marble_joker_adds_a_stone_card_to_the_deck():
    game = new_game("j_marble")
    game.apply(SelectBlind())
    stones = [c for c in game.playing_cards if c.enhancement == Enhancement.STONE]
    assert len(stones) == 1
    assert len(game.playing_cards) == 53


def test_chicot_disables_the_boss_when_selected():
    game = new_game("j_chicot")
    play_blind(game, "The Wall")
    assert game.blind.disabled


def test_chicot_leaves_small_blind_alone_and_disables_a_boss_when_gained():
    game = new_game("j_chicot")
    game.apply(SelectBlind())
    assert not game.blind.disabled
    game = new_game()
    play_blind(game, "The Wall")
    assert not game.blind.disabled
    game.add_joker("j_chicot")
    assert game.blind.disabled


# ---------------------------------------------------------------------------------------
# first hand drawn
# ---------------------------------------------------------------------------------------


def test_certificate_adds_a_sealed_card_to_the_first_hand_only():
    game = new_game("j_certificate")
    game.apply(SelectBlind())
    assert len(game.hand) == 9
    assert len(game.playing_cards) == 53
    sealed = [c for c in game.hand if c.seal != Seal.NONE]
    assert len(sealed) == 1
    game.apply(Discard((0,)))
    assert len(game.playing_cards) == 53


# ---------------------------------------------------------------------------------------
# discards
# ---------------------------------------------------------------------------------------


def test_burnt_joker_levels_up_the_first_discarded_hand_only():
    game = new_game("j_burnt")
    game.apply(SelectBlind())
    hold(game, "KS", "KH", "5C", "5D", "2S", "3H", "4C", "7D")
    game.apply(Discard((0, 1)))
    assert game.run.hands[HandType.PAIR].level == 2
    hold(game, "KS", "KH", "5C", "5D", "2S", "3H", "4C", "7D")
    game.apply(Discard((2, 3)))
    assert game.run.hands[HandType.PAIR].level == 2


def test_faceless_joker_pays_for_three_face_cards_in_one_discard():
    game = new_game("j_faceless")
    game.apply(SelectBlind())
    hold(game, "KS", "QH", "JC", "5D", "2S", "3H", "4C", "7D")
    before = game.run.dollars
    game.apply(Discard((0, 1, 2, 3)))
    assert game.run.dollars == before + 5
    hold(game, "KS", "QH", "5C", "5D", "2S", "3H", "4C", "7D")
    game.apply(Discard((0, 1, 2)))
    assert game.run.dollars == before + 5


def test_green_joker_loses_a_mult_per_discard_never_below_zero():
    game = Game(seed=SEED)
    green = game.add_joker("j_green_joker", state={"mult": 1})
    game.apply(SelectBlind())
    game.apply(Discard((0, 1, 2)))
    assert green.state["mult"] == 0
    game.apply(Discard((0,)))
    assert green.state["mult"] == 0


def test_ramen_loses_a_hundredth_per_discarded_card():
    game = new_game("j_ramen")
    game.apply(SelectBlind())
    game.apply(Discard((0, 1, 2)))
    assert game.jokers[0].state["x_mult"] == pytest.approx(1.97)


def test_ramen_is_eaten_when_it_would_reach_x1():
    game = Game(seed=SEED)
    game.add_joker("j_ramen", state={"x_mult": 1.02})
    game.apply(SelectBlind())
    game.apply(Discard((0,)))
    assert keys(game) == ["j_ramen"]
    game.apply(Discard((0,)))
    assert keys(game) == []


def test_yorick_gains_x1_every_23_discarded_cards():
    game = Game(seed=SEED)
    yorick = game.add_joker("j_yorick", state={"yorick_discards": 3})
    game.apply(SelectBlind())
    game.apply(Discard((0, 1, 2, 3, 4)))
    assert yorick.state["x_mult"] == 2
    assert yorick.state["yorick_discards"] == 23 - 2


def test_castle_gains_three_chips_per_discarded_card_of_its_suit():
    game = new_game("j_castle")
    game.apply(SelectBlind())
    suit = game.run.memory["castle_suit"]
    other = next(s for s in "SHCD" if s != suit)
    hold(game, f"K{suit}", f"5{suit}", f"9{other}", f"2{other}", f"3{other}", f"4{other}",
         f"7{other}", f"8{other}")  # fmt: skip
    game.apply(Discard((0, 1, 2)))
    assert game.jokers[0].state["extra"]["chips"] == 2 * 3


def test_hit_the_road_gains_per_jack_and_resets_at_round_end():
    game = new_game("j_hit_the_road")
    game.apply(SelectBlind())
    hold(game, "JS", "JH", "KC", "5D", "2S", "3H", "4C", "7D")
    game.apply(Discard((0, 1, 2)))
    road = game.jokers[0]
    assert road.state["x_mult"] == 2.0
    win_hand(game)
    assert road.state["x_mult"] == 1


def test_mail_in_rebate_pays_five_per_card_of_its_rank():
    game = new_game("j_mail")
    game.apply(SelectBlind())
    target = game.run.memory["mail_rank"]
    rank = RANK_TEXT.get(target, str(target))
    others = [RANK_TEXT.get(r, str(r)) for r in range(2, 15) if r != target][:6]
    hold(game, f"{rank}S", f"{rank}H", *(f"{r}C" for r in others))
    before = game.run.dollars
    game.apply(Discard((0, 1, 2)))
    assert game.run.dollars == before + 2 * 5


def test_trading_card_destroys_a_lone_first_discard_for_three_dollars():
    game = new_game("j_trading")
    game.apply(SelectBlind())
    before = game.run.dollars
    game.apply(Discard((0,)))
    assert game.run.dollars == before + 3
    assert len(game.playing_cards) == 51
    game.apply(Discard((0,)))
    assert game.run.dollars == before + 3
    assert len(game.playing_cards) == 51


def test_trading_card_ignores_a_first_discard_of_two_cards():
    game = new_game("j_trading")
    game.apply(SelectBlind())
    before = game.run.dollars
    game.apply(Discard((0, 1)))
    assert game.run.dollars == before
    assert len(game.playing_cards) == 52


# ---------------------------------------------------------------------------------------
# end of round
# ---------------------------------------------------------------------------------------


def test_gros_michel_extinction_sets_the_flag_and_lets_cavendish_appear():
    game = new_game("j_oops", "j_oops", "j_oops", "j_gros_michel")  # 8 in 6: sure
    pool, _ = joker_pool(game, 1, "sho")
    assert "j_cavendish" not in pool
    to_shop(game)
    assert "j_gros_michel" not in keys(game)
    assert "gros_michel_extinct" in game.run.flags
    pool, _ = joker_pool(game, 1, "sho")
    assert "j_cavendish" in pool
    assert "j_gros_michel" not in pool


def test_egg_gains_sell_value_each_round():
    game = new_game("j_egg")
    to_shop(game)
    assert game.jokers[0].state["extra_value"] == 3
    assert game.jokers[0].sell_value == 2 + 3


def test_gift_card_raises_every_sell_value():
    game = new_game("j_gift", "j_joker")
    game.add_consumable("c_pluto")
    to_shop(game)
    assert [j.sell_value for j in game.jokers] == [3 + 1, 1 + 1]
    assert game.consumables[0].sell_value == 1 + 1


def test_popcorn_loses_four_mult_a_round_and_is_eaten():
    game = Game(seed=SEED)
    popcorn = game.add_joker("j_popcorn")
    to_shop(game)
    assert popcorn.state["mult"] == 16
    popcorn.state["mult"] = 4
    next_round(game)
    assert keys(game) == []


def test_turtle_bean_hand_size_shrinks_each_round_then_it_is_eaten():
    game = new_game("j_turtle_bean")
    assert game.hand_size == 8 + 5
    to_shop(game)
    assert game.hand_size == 8 + 4
    game.jokers[0].state["extra"]["h_size"] = 1
    next_round(game)
    assert keys(game) == []
    assert game.hand_size == 8


def test_invisible_joker_counts_rounds():
    game = new_game("j_invisible")
    to_shop(game)
    next_round(game)
    assert game.jokers[0].state["invis_rounds"] == 2


def test_rocket_grows_two_dollars_after_a_boss():
    game = new_game("j_rocket")
    win_round(game)
    assert payout(game)["Rocket"] == 1
    game.apply(CashOut())
    next_round(game)
    game.apply(CashOut())
    assert game.jokers[0].state["extra"]["dollars"] == 1
    next_round(game, QUIET_BOSS)
    assert game.jokers[0].state["extra"]["dollars"] == 3
    assert payout(game)["Rocket"] == 3  # grown before the boss's payout


def test_campfire_resets_after_a_boss_only():
    game = Game(seed=SEED)
    fire = game.add_joker("j_campfire", state={"x_mult": 2.0})
    to_shop(game)
    assert fire.state["x_mult"] == 2.0
    next_round(game)
    game.apply(CashOut())
    next_round(game, QUIET_BOSS)
    assert fire.state["x_mult"] == 1


def test_to_do_list_rerolls_its_hand_at_round_end():
    game = new_game("j_todo_list")
    todo = game.jokers[0]
    first = todo.state["to_do_poker_hand"]
    assert first in HAND_NAMES
    seen = {first}
    for _ in range(4):
        before = todo.state["to_do_poker_hand"]
        if game.phase is Phase.SHOP:
            next_round(game)
        else:
            win_round(game)
        after = todo.state["to_do_poker_hand"]
        assert after != before
        assert game.run.hands[HAND_NAMES.index(after)].visible
        seen.add(after)
        game.apply(CashOut())
    assert len(seen) > 1


# ---------------------------------------------------------------------------------------
# cash-out payouts
# ---------------------------------------------------------------------------------------


def test_golden_joker_pays_four():
    game = new_game("j_golden")
    win_round(game)
    assert payout(game)["Golden Joker"] == 4


def test_cloud_9_pays_a_dollar_per_nine_in_the_deck():
    game = new_game("j_cloud_9")
    win_round(game)
    assert payout(game)["Cloud 9"] == 4
    game.apply(CashOut())
    game.add_card(CardSpec.parse("9H"))
    next_round(game)
    assert payout(game)["Cloud 9"] == 5


def test_satellite_pays_per_distinct_planet_used():
    game = new_game("j_satellite")
    for key in ("c_pluto", "c_pluto"):
        game.add_consumable(key)
        game.apply(Use(0))
    win_round(game)
    assert payout(game)["Satellite"] == 1
    game.apply(CashOut())
    game.add_consumable("c_mars")
    game.apply(Use(0))
    next_round(game)
    assert payout(game)["Satellite"] == 2


def test_satellite_pays_nothing_before_any_planet():
    game = new_game("j_satellite")
    win_round(game)
    assert "Satellite" not in payout(game)


def test_delayed_gratification_pays_two_per_unused_discard():
    game = new_game("j_delayed_grat")
    win_round(game)
    assert payout(game)["Delayed Gratification"] == 2 * 4  # Red Deck: 4 discards


def test_delayed_gratification_pays_nothing_once_a_discard_is_used():
    game = new_game("j_delayed_grat")
    play_blind(game)
    game.apply(Discard((0,)))
    win_hand(game)
    assert "Delayed Gratification" not in payout(game)


def test_joker_payouts_are_added_at_cash_out():
    game = new_game("j_golden", "j_cloud_9")
    win_round(game)
    before = game.run.dollars
    game.apply(CashOut())
    assert game.run.dollars == before + 3 + 3 + 4 + 4


# ---------------------------------------------------------------------------------------
# selling
# ---------------------------------------------------------------------------------------


def test_selling_luchador_disables_the_boss():
    game = new_game("j_luchador")
    play_blind(game, "The Wall")
    assert not game.blind.disabled
    game.apply(Sell("jokers", 0))
    assert game.blind.disabled


def test_selling_luchador_outside_a_boss_does_nothing():
    game = new_game("j_luchador")
    game.apply(SelectBlind())
    game.apply(Sell("jokers", 0))
    assert not game.blind.disabled


def test_selling_diet_cola_gives_a_double_tag():
    game = new_game("j_diet_cola")
    to_shop(game)
    game.apply(Sell("jokers", 0))
    assert game.run.tags == ["tag_double"]


def test_selling_invisible_joker_after_two_rounds_duplicates_a_joker():
    game = Game(seed=SEED)
    game.add_joker("j_invisible", state={"invis_rounds": 2})
    game.add_joker("j_golden", edition=Edition.NEGATIVE)
    to_shop(game)
    game.apply(Sell("jokers", 0))
    assert keys(game) == ["j_golden", "j_golden"]
    assert game.jokers[1].edition == Edition.NONE  # a Negative copy loses Negative


def test_invisible_joker_duplicates_into_the_slot_it_frees():
    game = Game(seed=SEED)
    game.add_joker("j_invisible", state={"invis_rounds": 2})
    for _ in range(4):
        game.add_joker("j_golden")
    to_shop(game)
    game.apply(Sell("jokers", 0))
    assert keys(game) == ["j_golden"] * 5


def test_selling_invisible_joker_too_early_duplicates_nothing():
    game = new_game("j_invisible", "j_golden")
    to_shop(game)
    assert game.jokers[0].state["invis_rounds"] == 1
    game.apply(Sell("jokers", 0))
    assert keys(game) == ["j_golden"]


def test_campfire_gains_for_every_card_sold():
    game = new_game("j_campfire", "j_joker")
    game.add_consumable("c_pluto")
    to_shop(game)
    game.apply(Sell("jokers", 1))
    game.apply(Sell("consumables", 0))
    assert game.jokers[0].state["x_mult"] == 1.5


# ---------------------------------------------------------------------------------------
# shop, packs, consumables, cards added
# ---------------------------------------------------------------------------------------


def test_flash_card_gains_two_mult_per_reroll():
    game = new_game("j_flash")
    to_shop(game)
    game.run.dollars = 100
    game.apply(Reroll())
    game.apply(Reroll())
    assert game.jokers[0].state["mult"] == 4


def test_perkeo_makes_a_negative_copy_of_a_consumable_when_leaving_the_shop():
    game = new_game("j_perkeo")
    to_shop(game)
    game.add_consumable("c_pluto")
    game.add_consumable("c_mars")
    game.apply(EndShop())
    assert len(game.consumables) == 3
    copy = game.consumables[2]
    assert copy.edition == Edition.NEGATIVE
    assert copy.key in ("c_pluto", "c_mars")
    assert game.consumable_limit == 3


def test_perkeo_with_no_consumable_makes_nothing():
    game = new_game("j_perkeo")
    to_shop(game)
    game.apply(EndShop())
    assert game.consumables == []


def test_red_card_gains_three_mult_when_a_pack_is_skipped():
    game = new_game("j_red_card")
    to_shop(game)
    open_pack(game, "p_buffoon_normal_1")
    game.apply(SkipPack())
    assert game.jokers[0].state["mult"] == 3
    assert game.phase is Phase.SHOP


def test_hallucination_creates_a_tarot_when_a_pack_is_opened():
    game = new_game("j_oops", "j_hallucination")  # 2 in 2: sure
    to_shop(game)
    open_pack(game, "p_buffoon_normal_1")
    assert [c.type.set for c in game.consumables] == ["Tarot"]


def test_hallucination_needs_room():
    game = new_game("j_oops", "j_hallucination")
    to_shop(game)
    game.add_consumable("c_pluto")
    game.add_consumable("c_mars")
    open_pack(game, "p_buffoon_normal_1")
    assert [c.key for c in game.consumables] == ["c_pluto", "c_mars"]


def test_constellation_gains_a_tenth_per_planet_used():
    game = new_game("j_constellation")
    game.add_consumable("c_pluto")
    game.add_consumable("c_pluto")
    game.apply(Use(0))
    assert game.jokers[0].state["x_mult"] == pytest.approx(1.1)
    game.apply(Use(0))
    assert game.jokers[0].state["x_mult"] == pytest.approx(1.2)


def test_hologram_gains_per_card_added_to_the_deck():
    game = new_game("j_hologram", "j_marble", "j_certificate")
    game.apply(SelectBlind())
    assert game.jokers[0].state["x_mult"] == 1.5


def test_astronomer_makes_planets_and_celestial_packs_free():
    game = new_game("j_astronomer")
    to_shop(game)
    pluto = game.new_consumable("c_pluto", area=Area.SHOP)
    strength = game.new_consumable("c_strength", area=Area.SHOP)
    assert (shop.offer_price(game, pluto), shop.offer_price(game, strength)) == (0, 3)
    celestial = game.plugins.find(BoosterType, "p_celestial_normal_1")
    buffoon = game.plugins.find(BoosterType, "p_buffoon_normal_1")
    assert (shop.pack_price(game, celestial), shop.pack_price(game, buffoon)) == (0, 4)
    game.shop.append(pluto)
    pluto.zone.slot = len(game.shop) - 1
    game.run.dollars = 0
    game.apply(Buy(pluto.zone.slot))
    assert [c.key for c in game.consumables] == ["c_pluto"]
    assert game.run.dollars == 0


# ---------------------------------------------------------------------------------------
# game over
# ---------------------------------------------------------------------------------------


def _lose_with(game: Game, fraction: float) -> None:
    """Play the round's last hand so that the round ends at exactly ``fraction`` of the
    blind (a lone 7 scores a few chips on top of the score set beforehand)."""
    play_blind(game)
    game.run.hands_left = 1
    hold(game, *HAND)
    last = game.preview_play((7,)).score
    game.run.chips = game.run.blind_chips * fraction - last
    game.apply(Play((7,)))
    assert game.run.chips == game.run.blind_chips * fraction


def test_mr_bones_saves_a_quarter_of_the_blind_and_burns_up():
    game = new_game("j_mr_bones")
    _lose_with(game, 0.25)
    assert game.phase is Phase.CASH_OUT
    assert keys(game) == []
    assert "Blind" not in payout(game)
    game.apply(CashOut())
    assert game.phase is Phase.SHOP


def test_mr_bones_does_not_save_less_than_a_quarter():
    game = new_game("j_mr_bones")
    _lose_with(game, 0.24)
    assert game.phase is Phase.GAME_OVER
    assert keys(game) == ["j_mr_bones"]


def test_without_mr_bones_the_run_is_lost():
    game = new_game()
    _lose_with(game, 0.9)
    assert game.phase is Phase.GAME_OVER


# ---------------------------------------------------------------------------------------
# passives
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "hand_size"),
    [("j_juggler", 9), ("j_troubadour", 10), ("j_merry_andy", 7), ("j_stuntman", 6),
     ("j_turtle_bean", 13)],
)  # fmt: skip
def test_hand_size_jokers(key, hand_size):
    game = new_game(key)
    game.apply(SelectBlind())
    assert game.hand_size == hand_size
    assert len(game.hand) == hand_size


@pytest.mark.parametrize(
    ("key", "hands", "discards"),
    # Red Deck rounds: 4 hands, 4 discards.
    [("j_troubadour", 3, 4), ("j_drunkard", 4, 5), ("j_merry_andy", 4, 7)],
)
def test_hands_and_discards_jokers(key, hands, discards):
    game = new_game(key)
    game.apply(SelectBlind())
    assert (game.run.hands_left, game.run.discards_left) == (hands, discards)


def test_drunkard_gained_mid_round_adds_a_discard_and_selling_takes_it():
    game = new_game()
    game.apply(SelectBlind())
    game.apply(Discard((0,)))
    assert game.run.discards_left == 3
    game.add_joker("j_drunkard")
    game.refresh_rules()
    assert game.run.discards_left == 4
    game.apply(Sell("jokers", 0))
    assert game.run.discards_left == 3


def test_selling_merry_andy_mid_round_takes_its_discards_and_gives_hand_size_back():
    game = new_game("j_merry_andy")
    game.apply(SelectBlind())
    game.apply(Discard((0,)))
    assert game.run.discards_left == 6
    game.apply(Sell("jokers", 0))
    assert game.run.discards_left == 3
    assert game.hand_size == 8


def test_discards_lost_mid_round_never_go_below_zero():
    game = new_game("j_drunkard")
    game.apply(SelectBlind())
    for _ in range(5):
        game.apply(Discard((0,)))
    assert game.run.discards_left == 0
    game.apply(Sell("jokers", 0))
    assert game.run.discards_left == 0


def test_credit_card_allows_debt_to_twenty():
    game = new_game()
    to_shop(game)
    game.add_joker("j_credit_card")
    game.refresh_rules()
    game.run.dollars = -15
    assert game.can(Reroll())
    game.run.dollars = -16
    assert not game.can(Reroll())


def test_chaos_the_clown_rerolls_free_once_a_round():
    game = new_game("j_chaos")
    to_shop(game)
    before = game.run.dollars
    game.apply(Reroll())
    assert game.run.dollars == before
    assert game.run.reroll_price == 5


def test_to_the_moon_doubles_the_interest():
    game = new_game("j_to_the_moon")
    game.run.dollars = 20
    win_round(game)
    assert payout(game)["Interest"] == 2 * 4


# ---------------------------------------------------------------------------------------
# Blueprint
# ---------------------------------------------------------------------------------------


def test_blueprint_copying_burglar_gives_the_hands_twice():
    game = new_game("j_blueprint", "j_burglar")
    game.apply(SelectBlind())
    assert (game.run.hands_left, game.run.discards_left) == (4 + 3 + 3, 0)


def test_blueprint_copying_riff_raff_creates_twice_as_room_allows():
    game = new_game("j_blueprint", "j_riff_raff")
    game.run.joker_slots = 10
    game.apply(SelectBlind())
    assert len(game.jokers) == 2 + 4
    game = new_game("j_blueprint", "j_riff_raff")
    game.apply(SelectBlind())
    assert len(game.jokers) == 5


def test_blueprint_copying_faceless_pays_twice():
    game = new_game("j_blueprint", "j_faceless")
    game.apply(SelectBlind())
    hold(game, "KS", "QH", "JC", "5D", "2S", "3H", "4C", "7D")
    before = game.run.dollars
    game.apply(Discard((0, 1, 2)))
    assert game.run.dollars == before + 2 * 5


def test_blueprint_copying_cartomancer_makes_two_tarots():
    game = new_game("j_blueprint", "j_cartomancer")
    game.apply(SelectBlind())
    assert [c.type.set for c in game.consumables] == ["Tarot", "Tarot"]


def test_blueprint_copying_marble_joker_adds_two_stone_cards():
    game = new_game("j_blueprint", "j_marble")
    game.apply(SelectBlind())
    stones = [c for c in game.playing_cards if c.enhancement == Enhancement.STONE]
    assert len(stones) == 2


def test_blueprint_copying_perkeo_makes_two_negative_copies():
    game = new_game("j_blueprint", "j_perkeo")
    to_shop(game)
    game.add_consumable("c_pluto")
    game.apply(EndShop())
    assert [c.edition for c in game.consumables] == [
        Edition.NONE, Edition.NEGATIVE, Edition.NEGATIVE,
    ]  # fmt: skip


def test_blueprint_copying_madness_does_nothing():
    game = new_game("j_blueprint", "j_madness", "j_joker", "j_joker")
    game.apply(SelectBlind())
    assert keys(game).count("j_joker") == 1
    madness = game.jokers[keys(game).index("j_madness")]
    assert madness.state["x_mult"] == 1.5


@pytest.mark.parametrize(
    ("key", "act", "field", "grown"),
    [
        ("j_flash", "reroll", "mult", 2),
        ("j_red_card", "skip_pack", "mult", 3),
        ("j_campfire", "sell", "x_mult", 1.25),
        ("j_constellation", "planet", "x_mult", 1.1),
        ("j_hologram", "card", "x_mult", 1.25),
        ("j_ramen", "discard", "x_mult", 1.98),
        ("j_hit_the_road", "discard", "x_mult", 1.5),
    ],
)
def test_blueprint_never_grows_the_copied_jokers_counters(key, act, field, grown):
    game = new_game("j_blueprint", key)
    if act == "discard":
        game.apply(SelectBlind())
        hold(game, "JS", "5H", "KC", "QD", "2S", "3H", "4C", "7D")
        game.apply(Discard((0, 1)))
        assert game.jokers[1].state[field] == pytest.approx(grown)
        return
    to_shop(game)
    game.run.dollars = 100
    if act == "reroll":
        game.apply(Reroll())
    elif act == "skip_pack":
        open_pack(game, "p_buffoon_normal_1")
        game.apply(SkipPack())
    elif act == "sell":
        game.add_consumable("c_pluto")
        game.apply(Sell("consumables", 0))
    elif act == "planet":
        game.add_consumable("c_pluto")
        game.apply(Use(0))
    else:
        game.playing_cards_added([game.add_card(CardSpec.parse("9H"))])
    assert game.jokers[1].state[field] == pytest.approx(grown)


def test_blueprint_copying_ceremonial_dagger_destroys_nothing_more():
    game = new_game("j_blueprint", "j_ceremonial", "j_joker", "j_joker")
    game.apply(SelectBlind())
    assert keys(game) == ["j_blueprint", "j_ceremonial", "j_joker"]
    assert game.jokers[1].state["mult"] == 2

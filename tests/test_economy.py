"""The run economy against the reference (rules.toml ``[economy]`` and ``[shop]``).

Cash-out payouts in the reference order, interest (on the money held before the payout),
reroll prices, buy prices (editions, inflation, discounts and their rounding), sell values,
spending limits (Credit Card), joker and consumable slots, the duplicate rule and vouchers.

Rounds are won by playing a hand once the round's score sits one chip short of the blind:
what is tested here is the money, not the scoring.
"""

from __future__ import annotations

import pytest

from balatro_ecs import Edition, Game
from balatro_ecs.game.actions import (
    Buy,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    EndShop,
    Play,
    Reroll,
    SelectBlind,
    Sell,
)
from balatro_ecs.game.run import shop
from balatro_ecs.game.run.blinds import next_voucher
from balatro_ecs.game.run.cards_for_sale import joker_pool
from balatro_ecs.game.run.economy import interest, round_payout
from balatro_ecs.game.run.shop import redeem_voucher
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import BoosterType, JokerType
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.tools.testing.runs import hold, play_blind

SEED = "ECONOMY1"
#: A boss with no effect on money or on a played pair (blinds.toml: The Club, $5).
QUIET_BOSS = "The Club"


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


def win_round(game: Game, blind: str | None = None, *, hands: int = 1, discards: int = 0) -> None:
    """Select the blind on deck (or ``blind``), spend ``discards`` discards and
    ``hands - 1`` losing hands, then win with the next hand."""
    play_blind(game, blind)
    hold(game, "AS", "AH", "KC", "QD", "2S", "3H", "4C", "7D")
    for _ in range(discards):
        game.apply(Discard((7,)))
    for _ in range(hands - 1):
        game.apply(Play((7,)))
        assert game.phase is Phase.ROUND
    game.run.chips = game.run.blind_chips - 1
    hold(game, "AS", "AH", "KC", "QD", "2S", "3H", "4C", "7D")
    game.apply(Play((0, 1)))
    assert game.phase is Phase.CASH_OUT


def to_shop(game: Game, blind: str | None = None) -> Game:
    win_round(game, blind)
    game.apply(CashOut())
    assert game.phase is Phase.SHOP
    return game


def shop_game(seed: str = SEED) -> Game:
    """A fresh run standing in its first shop (after the Small Blind)."""
    return to_shop(Game(seed=seed))


def next_round(game: Game, blind: str | None = None) -> None:
    """Leave the shop and win the next blind up to its cash-out."""
    game.apply(EndShop())
    win_round(game, blind)


def offer(game: Game, key: str, edition: Edition = Edition.NONE) -> int:
    """Put a joker on offer in the shop; returns its slot."""
    joker = game.new_joker(key, edition=edition, area=Area.SHOP)
    game.shop.append(joker)
    joker.zone.slot = len(game.shop) - 1
    return joker.zone.slot


def offer_consumable(game: Game, key: str, edition: Edition = Edition.NONE) -> int:
    item = game.new_consumable(key, edition=edition, area=Area.SHOP)
    game.shop.append(item)
    item.zone.slot = len(game.shop) - 1
    return item.zone.slot


def payout_dict(game: Game) -> dict[str, int]:
    return {label.split(":")[0]: dollars for label, dollars in game.run.payout}


def reference_cost(base: int, extra: int = 0, discount: int = 0) -> int:
    """rules.toml ``buy_cost``: max(1, floor((base + extra + 0.5) * (100 - discount) / 100))."""
    return max(1, int((base + extra + 0.5) * (100 - discount) // 100))


def booster(game: Game, key: str) -> BoosterType:
    return game.plugins.find(BoosterType, key)


# ---------------------------------------------------------------------------------------
# cash-out
# ---------------------------------------------------------------------------------------


def test_small_blind_payout_is_reward_plus_a_dollar_per_hand_left():
    game = Game(seed=SEED)
    win_round(game)
    # Small Blind $3; 3 hands left at $1 each; $4 held earns no interest.
    assert game.run.payout == [["Blind: Small Blind", 3], ["Hands left: 3", 3]]


def test_payout_is_added_only_at_cash_out():
    game = Game(seed=SEED)
    win_round(game)
    assert game.run.dollars == 4
    game.apply(CashOut())
    assert game.run.dollars == 4 + 3 + 3
    assert game.run.payout == []


def test_big_and_boss_blind_rewards():
    game = shop_game()
    next_round(game)
    assert payout_dict(game)["Blind"] == 4
    game.apply(CashOut())
    next_round(game, QUIET_BOSS)
    assert payout_dict(game)["Blind"] == 5


def test_each_hand_left_pays_a_dollar():
    game = Game(seed=SEED)
    win_round(game, hands=3)
    assert payout_dict(game)["Hands left"] == 1


def test_winning_on_the_last_hand_pays_no_hand_money():
    game = Game(seed=SEED)
    win_round(game, hands=4)
    assert game.run.payout == [["Blind: Small Blind", 3]]


def test_discards_left_pay_nothing_on_red_deck():
    game = Game(seed=SEED)
    win_round(game, discards=1)
    assert "Discards left" not in payout_dict(game)


def test_green_deck_pays_two_per_hand_one_per_discard_and_no_interest():
    game = Game(deck="Green Deck", seed=SEED)
    game.run.dollars = 50
    win_round(game, discards=1)
    assert payout_dict(game) == {"Blind": 3, "Hands left": 3 * 2, "Discards left": 2 * 1}


@pytest.mark.parametrize(
    ("dollars", "earned"),
    [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (24, 4), (25, 5), (26, 5), (100, 5)],
)
def test_interest_is_a_dollar_per_five_up_to_five(dollars, earned):
    game = Game(seed=SEED)
    game.run.dollars = dollars
    assert interest(game) == earned


def test_interest_is_on_money_before_the_payout():
    game = Game(seed=SEED)
    game.run.dollars = 19
    win_round(game)
    # $19 -> $3 interest, although the $6 payout would take it to $25.
    assert payout_dict(game)["Interest"] == 3
    game.apply(CashOut())
    assert game.run.dollars == 19 + 3 + 3 + 3


def test_interest_line_comes_last_after_joker_payouts():
    game = Game(seed=SEED)
    game.add_joker("j_golden")
    game.run.dollars = 10
    win_round(game)
    labels = [label for label, _ in game.run.payout]
    assert labels == ["Blind: Small Blind", "Hands left: 3", "Golden Joker", "Interest"]
    assert game.run.payout[-1] == ["Interest", 2]


@pytest.mark.parametrize(("voucher", "dollars", "earned"), [
    ("v_seed_money", 49, 9), ("v_seed_money", 50, 10), ("v_seed_money", 200, 10),
])  # fmt: skip
def test_seed_money_raises_the_interest_cap_to_ten(voucher, dollars, earned):
    game = Game(seed=SEED)
    redeem_voucher(game, voucher)
    assert game.run.interest_cap == 50
    game.run.dollars = dollars
    assert interest(game) == earned


def test_money_tree_raises_the_interest_cap_to_twenty():
    game = Game(seed=SEED)
    redeem_voucher(game, "v_seed_money")
    redeem_voucher(game, "v_money_tree")
    assert game.run.interest_cap == 100
    game.run.dollars = 99
    assert interest(game) == 19
    game.run.dollars = 500
    assert interest(game) == 20


def test_to_the_moon_adds_a_dollar_per_five_but_not_to_the_cap():
    game = Game(seed=SEED)
    game.add_joker("j_to_the_moon")
    game.run.dollars = 12
    assert interest(game) == 2 * 2
    game.run.dollars = 100
    assert interest(game) == 2 * 5  # still at most five $5 steps


def test_a_to_the_moon_that_perishes_this_round_pays_no_extra_interest():
    game = Game(seed=SEED)
    moon = game.add_joker("j_to_the_moon", perishable=True)
    moon._stickers.perishable = 1
    game.run.dollars = 15
    win_round(game)
    assert moon.debuffed
    assert payout_dict(game)["Interest"] == 3


def test_two_to_the_moons_pay_three_per_five():
    game = Game(seed=SEED)
    game.add_joker("j_to_the_moon")
    game.add_joker("j_to_the_moon")
    game.run.dollars = 10
    assert interest(game) == 3 * 2


def test_to_the_moon_interest_reaches_the_cash_out():
    game = Game(seed=SEED)
    game.add_joker("j_to_the_moon")
    game.run.dollars = 15
    win_round(game)
    assert payout_dict(game)["Interest"] == 6


def test_investment_tag_pays_after_a_boss_before_interest():
    game = Game(seed=SEED)
    game.run.tags.append("tag_investment")
    game.run.dollars = 10
    to_shop(game)
    assert game.run.tags == ["tag_investment"]  # not after the Small Blind
    next_round(game)
    game.apply(CashOut())
    next_round(game, QUIET_BOSS)
    labels = [label for label, _ in game.run.payout]
    assert labels[-2:] == ["Investment Tag", "Interest"]
    assert payout_dict(game)["Investment Tag"] == 25
    assert game.run.tags == []


def test_red_stake_small_blind_pays_no_reward():
    game = Game(seed=SEED, stake="Red Stake")
    win_round(game)
    assert payout_dict(game).get("Blind", 0) == 0
    assert sum(dollars for _, dollars in game.run.payout) == 3  # the hands only
    game.apply(CashOut())
    next_round(game)
    assert payout_dict(game)["Blind"] == 4


def test_round_payout_of_a_lost_round_has_no_blind_reward():
    game = Game(seed=SEED)
    play_blind(game)
    game.run.dollars = 10
    lines = round_payout(game, won=False)
    assert [label for label, _ in lines] == ["Hands left: 4", "Interest"]


# ---------------------------------------------------------------------------------------
# rerolls
# ---------------------------------------------------------------------------------------


def test_reroll_starts_at_five_and_rises_a_dollar_per_reroll():
    game = shop_game()
    game.run.dollars = 100
    paid = []
    for _ in range(3):
        before = game.run.dollars
        game.apply(Reroll())
        paid.append(before - game.run.dollars)
    assert paid == [5, 6, 7]
    assert game.run.reroll_price == 8


def test_reroll_price_resets_in_the_next_shop():
    game = shop_game()
    game.run.dollars = 100
    game.apply(Reroll())
    game.apply(Reroll())
    next_round(game)
    game.apply(CashOut())
    assert game.run.reroll_price == 5
    before = game.run.dollars
    game.apply(Reroll())
    assert before - game.run.dollars == 5


def test_reroll_replaces_the_cards_only():
    game = shop_game()
    game.run.dollars = 100
    cards = list(game.shop)
    vouchers, packs = list(game.shop_vouchers), list(game.shop_packs)
    game.apply(Reroll())
    assert len(game.shop) == len(cards)
    assert all(new is not old for new, old in zip(game.shop, cards, strict=True))
    assert game.shop_vouchers == vouchers
    assert game.shop_packs == packs


def test_chaos_the_clown_gives_a_free_reroll_then_the_base_price():
    game = Game(seed=SEED)
    game.add_joker("j_chaos")
    to_shop(game)
    game.run.dollars = 100
    assert game.run.reroll_price == 0
    paid = []
    for _ in range(3):
        before = game.run.dollars
        game.apply(Reroll())
        paid.append(before - game.run.dollars)
    # The free reroll does not raise the price: only paid rerolls do.
    assert paid == [0, 5, 6]


def test_chaos_free_reroll_comes_back_every_round():
    game = Game(seed=SEED)
    game.add_joker("j_chaos")
    to_shop(game)
    game.apply(Reroll())
    next_round(game)
    game.apply(CashOut())
    before = game.run.dollars
    game.apply(Reroll())
    assert game.run.dollars == before


def test_chaos_bought_in_the_shop_rerolls_free_at_once():
    game = shop_game()
    game.run.dollars = 100
    game.apply(Reroll())
    assert game.run.reroll_price == 6
    game.apply(Buy(offer(game, "j_chaos")))  # $4
    assert game.run.reroll_price == 0
    before = game.run.dollars
    game.apply(Reroll())
    game.apply(Reroll())
    assert before - game.run.dollars == 6  # free, then the price it had reached


def test_free_reroll_needs_no_money():
    game = Game(seed=SEED)
    game.add_joker("j_chaos")
    to_shop(game)
    game.run.dollars = 0
    assert game.can(Reroll())
    game.apply(Reroll())
    assert game.run.dollars == 0
    assert not game.can(Reroll())


def test_two_chaos_clowns_give_two_free_rerolls():
    game = Game(seed=SEED)
    game.add_joker("j_chaos")
    game.add_joker("j_chaos")
    to_shop(game)
    game.run.dollars = 100
    game.apply(Reroll())
    game.apply(Reroll())
    assert game.run.dollars == 100
    game.apply(Reroll())
    assert game.run.dollars == 95


def test_reroll_surplus_and_glut_lower_the_base_by_two_each():
    game = shop_game()
    game.run.dollars = 100
    redeem_voucher(game, "v_reroll_surplus")
    assert game.run.reroll_price == 3
    game.apply(Reroll())
    assert game.run.dollars == 97
    assert game.run.reroll_price == 4
    redeem_voucher(game, "v_reroll_glut")
    next_round(game)
    game.apply(CashOut())
    assert game.run.reroll_price == 1


def test_reroll_needs_the_money():
    game = shop_game()
    game.run.dollars = 4
    assert not game.can(Reroll())
    with pytest.raises(IllegalActionError):
        game.apply(Reroll())
    game.run.dollars = 5
    assert game.can(Reroll())


# ---------------------------------------------------------------------------------------
# buy prices
# ---------------------------------------------------------------------------------------


def test_shop_offers_cost_the_reference_formula():
    game = shop_game()
    game.run.dollars = 1000
    for _ in range(10):
        for item in game.shop:
            extra = {Edition.NONE: 0, Edition.FOIL: 2, Edition.HOLO: 3}.get(item.edition, 5)
            assert shop.offer_price(game, item) == reference_cost(item.type.cost, extra)
        game.apply(Reroll())


@pytest.mark.parametrize(
    ("edition", "price"),
    # Golden Joker costs $6 (jokers.toml); Foil +2, Holo +3, Polychrome +5, Negative +5.
    [(Edition.NONE, 6), (Edition.FOIL, 8), (Edition.HOLO, 9), (Edition.POLYCHROME, 11),
     (Edition.NEGATIVE, 11)],
)  # fmt: skip
def test_edition_surcharge_is_added_to_the_buy_price(edition, price):
    game = shop_game()
    game.run.dollars = 50
    slot = offer(game, "j_golden", edition)
    assert shop.offer_price(game, game.shop[slot]) == price
    game.apply(Buy(slot))
    assert game.run.dollars == 50 - price


def test_inflation_adds_to_the_buy_price():
    game = shop_game()
    game.run.inflation = 3
    slot = offer(game, "j_golden", Edition.FOIL)
    assert shop.offer_price(game, game.shop[slot]) == 6 + 2 + 3


@pytest.mark.parametrize(
    ("voucher", "key", "price"),
    [
        # floor((cost + 0.5) * 0.75): Cloud 9 $7 -> 5, Golden $6 -> 4, Raised Fist $5 -> 4,
        # Blueprint $10 -> 7, Credit Card $1 -> 1
        ("v_clearance_sale", "j_cloud_9", 5),
        ("v_clearance_sale", "j_golden", 4),
        ("v_clearance_sale", "j_raised_fist", 4),
        ("v_clearance_sale", "j_blueprint", 7),
        ("v_clearance_sale", "j_credit_card", 1),
        # floor((cost + 0.5) * 0.5): $7 -> 3, $6 -> 3, $5 -> 2, $10 -> 5, $1 -> max(1, 0)
        ("v_liquidation", "j_cloud_9", 3),
        ("v_liquidation", "j_golden", 3),
        ("v_liquidation", "j_raised_fist", 2),
        ("v_liquidation", "j_blueprint", 5),
        ("v_liquidation", "j_credit_card", 1),
    ],
)
def test_discount_vouchers_round_the_reference_way(voucher, key, price):
    game = shop_game()
    if voucher == "v_liquidation":
        redeem_voucher(game, "v_clearance_sale")
    redeem_voucher(game, voucher)
    slot = offer(game, key)
    assert game.shop[slot].type.cost == game.plugins.joker(key).cost
    assert shop.offer_price(game, game.shop[slot]) == price


def test_discount_applies_to_edition_surcharge_too():
    game = shop_game()
    redeem_voucher(game, "v_clearance_sale")
    slot = offer(game, "j_blueprint", Edition.POLYCHROME)
    assert shop.offer_price(game, game.shop[slot]) == 11  # floor(15.5 * 0.75)


def test_buying_clearance_sale_reprices_the_cards_already_on_offer():
    game = shop_game()
    game.run.dollars = 100
    game.shop_vouchers = ["v_clearance_sale"]
    bases = [(item.type.cost, item.edition) for item in game.shop]
    game.apply(BuyVoucher(0))
    assert game.run.dollars == 90
    for item, (cost, edition) in zip(game.shop, bases, strict=True):
        extra = {Edition.NONE: 0, Edition.FOIL: 2, Edition.HOLO: 3}.get(edition, 5)
        assert shop.offer_price(game, item) == reference_cost(cost, extra, 25)


def test_discount_applies_to_vouchers_and_packs():
    game = shop_game()
    assert shop.voucher_price(game, "v_blank") == 10
    redeem_voucher(game, "v_clearance_sale")
    assert shop.voucher_price(game, "v_blank") == 7  # floor(10.5 * 0.75)
    assert shop.pack_price(game, booster(game, "p_buffoon_normal_1")) == 3  # floor(4.5 * 0.75)
    redeem_voucher(game, "v_liquidation")
    assert shop.voucher_price(game, "v_blank") == 5
    assert shop.pack_price(game, booster(game, "p_buffoon_normal_1")) == 2


def test_buying_a_pack_costs_its_price():
    game = shop_game()
    game.run.dollars = 20
    price = shop.pack_price(game, booster(game, game.shop_packs[0]))
    assert price == booster(game, game.shop_packs[0]).cost
    game.apply(BuyPack(0))
    assert game.run.dollars == 20 - price
    assert game.phase is Phase.PACK


# ---------------------------------------------------------------------------------------
# sell values
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "edition", "value"),
    [
        ("j_joker", Edition.NONE, 1),  # $2 -> 1
        ("j_credit_card", Edition.NONE, 1),  # $1 -> max(1, 0)
        ("j_cloud_9", Edition.NONE, 3),  # $7 -> 3
        ("j_blueprint", Edition.NONE, 5),  # $10 -> 5
        ("j_blueprint", Edition.POLYCHROME, 7),  # $15 -> 7
        ("j_golden", Edition.HOLO, 4),  # $9 -> 4
    ],
)
def test_sell_value_is_half_the_cost_rounded_down_at_least_one(key, edition, value):
    game = shop_game()
    joker = game.add_joker(key, edition=edition)
    assert joker.sell_value == value
    before = game.run.dollars
    game.apply(Sell("jokers", 0))
    assert game.run.dollars == before + value
    assert game.jokers == []


def test_consumable_sell_value():
    game = shop_game()
    game.add_consumable("c_pluto")  # $3
    game.add_consumable("c_immolate")  # $4
    assert [c.sell_value for c in game.consumables] == [1, 2]
    before = game.run.dollars
    game.apply(Sell("consumables", 1))
    assert game.run.dollars == before + 2


def test_bought_joker_sells_for_half_what_it_cost():
    game = shop_game()
    game.run.dollars = 50
    slot = offer(game, "j_blueprint", Edition.FOIL)
    game.apply(Buy(slot))
    assert game.run.dollars == 50 - 12
    assert game.jokers[0].sell_value == 6


def test_sell_value_follows_a_discount_bought_later():
    game = shop_game()
    joker = game.add_joker("j_blueprint", edition=Edition.POLYCHROME)
    assert joker.sell_value == 7
    redeem_voucher(game, "v_clearance_sale")
    # rules.toml sell_value uses the current computed cost: floor(15.5 * 0.75) = 11 -> 5
    assert joker.sell_value == 5


def test_egg_gains_three_sell_value_each_round():
    game = Game(seed=SEED)
    egg = game.add_joker("j_egg")  # $4 -> sells for 2
    assert egg.sell_value == 2
    to_shop(game)
    assert egg.sell_value == 2 + 3
    next_round(game)
    assert egg.sell_value == 2 + 6
    game.apply(CashOut())
    before = game.run.dollars
    game.apply(Sell("jokers", 0))
    assert game.run.dollars == before + 8


def test_gift_card_adds_a_dollar_to_every_joker_and_consumable():
    game = Game(seed=SEED)
    gift = game.add_joker("j_gift")  # $6 -> 3
    joker = game.add_joker("j_joker")  # $2 -> 1
    game.add_consumable("c_pluto")  # $3 -> 1
    to_shop(game)
    assert (gift.sell_value, joker.sell_value, game.consumables[0].sell_value) == (4, 2, 2)


# ---------------------------------------------------------------------------------------
# spending limits
# ---------------------------------------------------------------------------------------


def test_cannot_buy_without_the_money():
    game = shop_game()
    slot = offer(game, "j_blueprint")
    game.run.dollars = 9
    assert not game.can(Buy(slot))
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="costs"):
        game.apply(Buy(slot))
    assert game.to_json() == before
    game.run.dollars = 10
    game.apply(Buy(slot))
    assert game.run.dollars == 0


def test_cannot_buy_a_voucher_or_pack_without_the_money():
    game = shop_game()
    game.run.dollars = 3
    assert not game.can(BuyVoucher(0))
    assert not game.can(BuyPack(0))


def buy_credit_card(game: Game) -> None:
    game.run.dollars += 1
    game.apply(Buy(offer(game, "j_credit_card")))  # $1


def test_credit_card_lets_money_go_down_to_minus_twenty():
    game = shop_game()
    game.run.dollars = 0
    buy_credit_card(game)
    slot = offer(game, "j_blueprint", Edition.POLYCHROME)  # $15
    game.apply(Buy(slot))
    assert game.run.dollars == -15
    slot = offer(game, "j_golden")  # $6: would reach -21
    assert not game.can(Buy(slot))
    game.run.dollars = -14
    assert game.can(Buy(slot))
    game.apply(Buy(slot))
    assert game.run.dollars == -20


def test_credit_card_allows_rerolling_into_debt():
    game = shop_game()
    game.run.dollars = 1
    buy_credit_card(game)
    game.apply(Reroll())
    assert game.run.dollars == -4


def test_selling_credit_card_removes_the_debt_allowance():
    game = shop_game()
    game.run.dollars = 0
    buy_credit_card(game)
    assert game.can(Reroll())
    game.apply(Sell("jokers", 0))
    assert game.run.dollars == 1
    assert not game.can(Reroll())


# ---------------------------------------------------------------------------------------
# slots
# ---------------------------------------------------------------------------------------


def test_no_joker_can_be_bought_into_a_full_row():
    game = shop_game()
    game.run.dollars = 100
    for _ in range(5):
        game.add_joker("j_joker")
    slot = offer(game, "j_golden")
    with pytest.raises(IllegalActionError, match="slot"):
        game.apply(Buy(slot))
    game.apply(Sell("jokers", 0))
    game.apply(Buy(slot))
    assert len(game.jokers) == 5


def test_a_negative_joker_needs_no_free_slot():
    game = shop_game()
    game.run.dollars = 100
    for _ in range(5):
        game.add_joker("j_joker")
    slot = offer(game, "j_golden", Edition.NEGATIVE)
    game.apply(Buy(slot))
    assert len(game.jokers) == 6
    assert game.joker_limit == 6


def test_an_owned_negative_joker_frees_a_slot():
    game = shop_game()
    game.run.dollars = 100
    game.add_joker("j_joker", edition=Edition.NEGATIVE)
    for _ in range(4):
        game.add_joker("j_joker")
    slot = offer(game, "j_golden")
    game.apply(Buy(slot))
    assert len(game.jokers) == 6
    slot = offer(game, "j_golden")
    assert not game.can(Buy(slot))


def test_consumable_slots_hold_two():
    game = shop_game()
    game.run.dollars = 100
    game.add_consumable("c_pluto")
    game.add_consumable("c_mars")
    slot = offer_consumable(game, "c_venus")
    with pytest.raises(IllegalActionError, match="slot"):
        game.apply(Buy(slot))
    negative = offer_consumable(game, "c_venus", Edition.NEGATIVE)
    game.apply(Buy(negative))
    assert len(game.consumables) == 3


def test_a_full_joker_row_still_buys_consumables():
    game = shop_game()
    game.run.dollars = 100
    for _ in range(5):
        game.add_joker("j_joker")
    slot = offer_consumable(game, "c_venus")
    game.apply(Buy(slot))
    assert [c.key for c in game.consumables] == ["c_venus"]


# ---------------------------------------------------------------------------------------
# the duplicate rule
# ---------------------------------------------------------------------------------------


def _own_all_commons_but(game: Game, keep: str) -> None:
    for jtype in game.plugins.all(JokerType):
        if jtype.rarity == 1 and jtype.key != keep:
            game.add_joker(jtype.key, state={})


def _common_offers(game: Game, rerolls: int) -> set[str]:
    seen: set[str] = set()
    for _ in range(rerolls):
        seen.update(item.key for item in game.shop if getattr(item, "rarity", None) == 1)
        game.apply(Reroll())
    return seen


def test_an_owned_joker_is_not_in_the_pool():
    game = shop_game()
    pool, _ = joker_pool(game, 1, "sho")
    assert "j_joker" in pool
    game.add_joker("j_joker")
    pool, _ = joker_pool(game, 1, "sho")
    assert "j_joker" not in pool
    game.apply(Sell("jokers", 0))
    pool, _ = joker_pool(game, 1, "sho")
    assert "j_joker" in pool


def test_owned_jokers_are_never_offered_again():
    game = shop_game()
    game.run.dollars = 10_000
    game.run.joker_rate, game.run.tarot_rate, game.run.planet_rate = 100, 0, 0
    _own_all_commons_but(game, "j_joker")
    assert _common_offers(game, 30) == {"j_joker"}


def test_showman_lets_owned_jokers_be_offered_again():
    game = shop_game()
    game.run.dollars = 10_000
    game.run.joker_rate, game.run.tarot_rate, game.run.planet_rate = 100, 0, 0
    _own_all_commons_but(game, "j_joker")
    game.add_joker("j_ring_master")
    offered = _common_offers(game, 30)
    assert offered - {"j_joker"}
    pool, _ = joker_pool(game, 1, "sho")
    assert "j_golden" in pool


# ---------------------------------------------------------------------------------------
# vouchers
# ---------------------------------------------------------------------------------------


def test_buying_a_voucher_applies_it():
    game = shop_game()
    game.run.dollars = 20
    game.shop_vouchers = ["v_overstock_norm"]
    assert len(game.shop) == 2
    game.apply(BuyVoucher(0))
    assert game.run.dollars == 10
    assert game.run.vouchers == ["v_overstock_norm"]
    assert game.shop_vouchers == []
    assert len(game.shop) == 3  # the new slot is filled at once
    next_round(game)
    game.apply(CashOut())
    assert len(game.shop) == 3


@pytest.mark.parametrize("voucher", ["v_overstock_norm", "v_overstock_plus"])
def test_overstock_bought_mid_visit_fills_every_empty_card_slot(voucher: str) -> None:
    # the game fills the row up to its new size: the slot of a card bought earlier in the
    # visit too (CD6Y8H2U: one card left of two, Overstock -> three cards)
    game = shop_game()
    game.run.dollars = 40
    if voucher == "v_overstock_plus":
        redeem_voucher(game, "v_overstock_norm")
    slots = game.run.shop_slots
    assert len(game.shop) == slots
    game.apply(Buy(0))
    left = list(game.shop)
    game.shop_vouchers = [voucher]
    game.apply(BuyVoucher(0))
    assert game.run.shop_slots == slots + 1
    assert len(game.shop) == slots + 1
    assert game.shop[: len(left)] == left  # the cards left keep their places; new ones after
    assert [item.zone.slot for item in game.shop] == list(range(slots + 1))


def test_buying_seed_money_raises_interest_at_the_next_cash_out():
    game = shop_game()
    game.shop_vouchers = ["v_seed_money"]
    game.run.dollars = 70
    game.apply(BuyVoucher(0))
    next_round(game)
    assert payout_dict(game)["Interest"] == 10  # $60 held, cap $10


def test_the_voucher_stays_on_offer_for_the_ante_until_bought():
    game = shop_game()
    first = list(game.shop_vouchers)
    assert len(first) == 1
    next_round(game)
    game.apply(CashOut())
    assert game.shop_vouchers == first


def test_a_bought_voucher_is_not_offered_again_this_ante():
    game = shop_game()
    game.run.dollars = 100
    key = game.shop_vouchers[0]
    game.apply(BuyVoucher(0))
    next_round(game)
    game.apply(CashOut())
    assert game.shop_vouchers == []
    assert key in game.run.vouchers


def test_the_next_ante_offers_another_voucher():
    game = shop_game()
    game.run.dollars = 100
    bought = game.shop_vouchers[0]
    game.apply(BuyVoucher(0))
    next_round(game)
    game.apply(CashOut())
    next_round(game, QUIET_BOSS)
    assert game.run.ante == 2
    game.apply(CashOut())
    assert len(game.shop_vouchers) == 1
    assert game.shop_vouchers[0] != bought


def test_upgrade_vouchers_need_their_base_and_owned_ones_are_never_drawn():
    game = Game(seed=SEED)
    owned = {"v_seed_money", "v_reroll_surplus"}
    for key in owned:
        redeem_voucher(game, key)
    seen = set()
    for n in range(60):
        game.run.voucher_offer = None
        key = next_voucher(game, f"probe{n}")
        assert key is not None
        seen.add(key)
        voucher = game.plugins.voucher(key)
        assert key not in owned
        assert all(r in game.run.vouchers for r in voucher.requires)
    assert seen & {"v_money_tree", "v_reroll_glut"}


def test_buying_a_voucher_needs_the_money():
    game = shop_game()
    game.run.dollars = 9
    assert not game.can(BuyVoucher(0))
    game.run.dollars = 10
    assert game.can(BuyVoucher(0))


def test_select_blind_after_shop_keeps_money():
    game = shop_game()
    money = game.run.dollars
    game.apply(EndShop())
    game.apply(SelectBlind())
    assert game.run.dollars == money


def test_a_card_a_coupon_tag_made_free_sells_for_a_dollar():
    # rules.toml cost_overrides: couponed shop items cost $0, and sell value comes from the
    # current cost: max(1, floor(0 / 2)) = $1
    from balatro_ecs.game.run.tags import gain_tag

    game = Game(seed=SEED)
    gain_tag(game, "tag_coupon")
    to_shop(game)
    item = game.shop[0]
    assert item.buy_cost == 0
    before = game.run.dollars
    game.apply(Buy(0))
    assert game.run.dollars == before
    owned = (game.jokers or game.consumables)[0]
    assert owned is item
    assert owned.sell_value == 1

"""The commands for the run's numbers that vanilla used to write by hand (issue 18 item 2):
the shop's rates, discount and reroll cost, interest and cash-out money, blind sizes and
rewards, the stickers a stake lets into the shop, usage counters and pool flags; and the
public helpers vanilla used to import from the engine (redeeming and drawing vouchers, the
game's random rolls, the Planet of a hand, a boss reroll, the blinds' hands).

Each changes what it names, records its source, and on bad input raises a one-line error
naming the argument and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from balatro_ecs.actions import CashOut

from balatro_ecs import Game
from balatro_ecs.game.pools import planet_for
from balatro_ecs.game.run import cards_for_sale
from balatro_ecs.game.run.economy import interest, round_payout
from balatro_ecs.kernel.errors import BalatroError, UnknownNameError
from balatro_ecs.plugin import Area, Edition, Enhancement, HandType, Joker, Seal
from balatro_ecs.tools.testing.runs import play_blind, win_round


def _shop(seed: str = "RUNCMD") -> Game:
    game = play_blind(Game(seed=seed))
    win_round(game)
    game.apply(CashOut())
    return game


def _unchanged(game: Game, call: Callable[[], Any], error: type[Exception], match: str) -> None:
    """``call`` raises ``error`` matching ``match`` and leaves the run as it was."""
    before = game.run.to_dict()
    with pytest.raises(error, match=match):
        call()
    assert game.run.to_dict() == before


# -- the shop ---------------------------------------------------------------------------------


def test_shop_rates_are_read_and_set_by_kind() -> None:
    game = Game(seed="RATES")
    assert [game.shop_rate(k) for k in ("Joker", "Tarot", "Planet", "Spectral")] == [20, 4, 4, 0]
    assert game.shop_rate("Playing Card") == 0 and game.shop_rate("set_tarot") == 4
    game.set_shop_rate("Tarot", 9.6, source="test")
    game.set_shop_rate("set_spectral", 2)
    game.set_shop_rate("Playing Card", 4)
    game.set_shop_rate("Joker", 10)
    run = game.run
    assert (run.tarot_rate, run.spectral_rate, run.playing_card_rate, run.joker_rate) == (
        9.6, 2.0, 4.0, 10.0
    )  # fmt: skip
    assert game.events[0][1:] == ("test", "shop rate", 9.6, "Tarot")
    _unchanged(game, lambda: game.set_shop_rate("Tarrot", 1), UnknownNameError, "'Tarot'")
    _unchanged(game, lambda: game.set_shop_rate("Tarot", -1), ValueError, "Tarot rate")
    _unchanged(game, lambda: game.set_shop_rate("Tarot", "2"), TypeError, "Tarot rate")
    _unchanged(game, lambda: game.set_shop_rate("Tarot", float("nan")), ValueError, "rate")
    game.set_edition_rate(2)
    assert game.run.edition_rate == 2.0
    _unchanged(game, lambda: game.set_edition_rate(True), TypeError, "set_edition_rate")


def test_a_discount_reprices_what_is_on_sale_and_held() -> None:
    game = _shop()
    joker = game.add_joker("j_joker")
    on_sale = [item.buy_cost for item in game.shop]
    game.set_discount(50, source="Liquidation")
    assert game.run.discount_percent == 50
    assert game.events[-1][1:4] == ("Liquidation", "discount", 50)
    now = [item.buy_cost for item in game.shop]
    assert now == [game.price(item.type.cost, item.edition) for item in game.shop]
    assert all(a < b for a, b in zip(now, on_sale, strict=True) if b > 1)
    assert joker.buy_cost == game.price(joker.type.cost)
    _unchanged(game, lambda: game.set_discount(101), ValueError, "from 0 to 100")
    _unchanged(game, lambda: game.set_discount(2.5), TypeError, "percent")


def test_the_reroll_cost_for_the_run_or_this_shop() -> None:
    game = _shop()
    game.set_reroll_cost(3)
    assert (game.run.reroll_cost, game.run.reroll_price) == (3, 3)
    game.set_reroll_cost(0, this_shop=True)
    assert (game.run.reroll_cost, game.run.temp_reroll_cost, game.run.reroll_price) == (3, 0, 0)
    _unchanged(game, lambda: game.set_reroll_cost(-1), ValueError, "cost must be >= 0")
    _unchanged(game, lambda: game.set_reroll_cost(None), TypeError, "cost")


def test_a_voucher_is_redeemed_and_drawn_through_commands() -> None:
    game = Game(seed="VOUCHERS")
    assert game.redeem_voucher("Clearance Sale") == "v_clearance_sale"
    assert game.run.discount_percent == 25 and "v_clearance_sale" in game.run.vouchers
    _unchanged(game, lambda: game.redeem_voucher("v_clearance_sale"), BalatroError, "already")
    _unchanged(game, lambda: game.redeem_voucher("Clearence Sale"), UnknownNameError, "Clear")
    drawn = game.draw_voucher("mine")
    assert drawn is not None and drawn not in game.run.vouchers
    assert any(stream.startswith("mine") for stream in game.rng._state)


# -- money at cash-out ------------------------------------------------------------------------


def test_interest_and_money_per_hand_and_discard() -> None:
    game = Game(seed="MONEY")
    game.run.dollars = 200
    game.set_interest(cap=100, per_5=2, source="test")
    assert interest(game) == 2 * 20
    game.set_interest(enabled=False)
    assert game.run.no_interest and interest(game) == 0
    game.set_money_per(hand=2, discard=1)
    game.run.hands_left, game.run.discards_left = 3, 2
    lines = dict((label.split(":")[0], dollars) for label, dollars in round_payout(game, True))
    assert lines["Hands left"] == 6 and lines["Discards left"] == 2
    _unchanged(game, lambda: game.set_interest(cap=-5), ValueError, "cap must be >= 0")
    _unchanged(game, lambda: game.set_interest(enabled=1), TypeError, "enabled")
    _unchanged(game, lambda: game.set_interest(per_5=1.5), TypeError, "per_5")
    _unchanged(game, lambda: game.set_money_per(hand=1, discard="1"), TypeError, "discard")


# -- blinds -----------------------------------------------------------------------------------


def test_blind_sizes_and_rewards() -> None:
    plain, scaled = Game(seed="SCALE"), Game(seed="SCALE")
    scaled.set_blind_scaling(factor=2, table=2, source="test")
    play_blind(plain), play_blind(scaled)
    assert scaled.run.blind_chips > 2 * plain.run.blind_chips - 1
    scaled.set_blind_chips(scaled.run.blind_chips / 2, source="The Wall")
    assert scaled.events[-1][1:4] == ("The Wall", "blind chips", scaled.run.blind_chips)
    _unchanged(scaled, lambda: scaled.set_blind_scaling(table=7), ValueError, "no table 7")
    _unchanged(scaled, lambda: scaled.set_blind_scaling(factor=0), ValueError, "factor")
    _unchanged(scaled, lambda: scaled.set_blind_chips(float("nan")), ValueError, "chips")
    game = Game(seed="REWARD")
    game.set_blind_reward("Small", False)
    assert game.run.no_blind_reward == ["Small"]
    game.set_blind_reward("Small", True)
    assert game.run.no_blind_reward == []
    _unchanged(game, lambda: game.set_blind_reward("Smal", False), UnknownNameError, "'Small'")
    assert game.reroll_boss() == game.run.boss and "boss_rerolled" in game.run.flags
    hands = game.blind_hands()
    assert set(hands) == {"Small", "Big", "Boss"}
    assert all(HandType.from_name(name) is not None for name in hands.values())


# -- stickers, counters, flags ------------------------------------------------------------------


def test_stickers_a_stake_lets_into_the_shop() -> None:
    game = Game(seed="STICK")
    assert not game.sticker_in_shop("Eternal")
    game.allow_sticker_in_shop("sticker_eternal", source="Black Stake")
    assert game.run.eternals_in_shop and game.sticker_in_shop("sticker_eternal")
    game.allow_sticker_in_shop("Eternal", False)
    assert not game.run.eternals_in_shop
    _unchanged(game, lambda: game.allow_sticker_in_shop("Eternel"), UnknownNameError, "Eternal")
    _unchanged(game, lambda: game.allow_sticker_in_shop("Eternal", 1), TypeError, "allowed")


def test_usage_counters_and_pool_flags() -> None:
    game = Game(seed="COUNT")
    game.count_use("tarots_used")
    game.count_use("spectrals_used")
    game.count_use("planets_used", "c_pluto")
    game.count_use("planets_used", "Pluto")
    game.set_last_tarot_planet("c_mars")
    run = game.run
    assert (run.tarots_used, run.spectrals_used, run.planets_used) == (1, 1, ["c_pluto"])
    assert run.last_tarot_planet == "c_mars"
    _unchanged(game, lambda: game.count_use("tarot_used"), UnknownNameError, "tarots_used")
    _unchanged(game, lambda: game.count_use("planets_used"), ValueError, "key")
    _unchanged(game, lambda: game.set_last_tarot_planet("c_nope"), UnknownNameError, "c_")
    game.set_pool_flag("my_flag")
    game.set_pool_flag("my_flag")
    assert run.flags.count("my_flag") == 1
    game.set_pool_flag("my_flag", on=False)
    assert "my_flag" not in run.flags
    _unchanged(game, lambda: game.set_pool_flag(""), ValueError, "flag")


# -- the game's random rolls, as the engine's own ----------------------------------------------


def test_the_random_helpers_draw_as_the_engine_does() -> None:
    a, b = Game(seed="ROLLS"), Game(seed="ROLLS")
    assert a.random_front("s1") == cards_for_sale.random_front(b, "s1")
    assert a.random_seal("s2") == cards_for_sale.random_seal(b, "s2")
    assert isinstance(a.random_seal("s2b"), Seal)
    assert a.random_edition("s3", mod=2, no_negative=True) == cards_for_sale.poll_edition(
        b, "s3", 2, True
    )
    assert a.random_edition("s4", guaranteed=True) != Edition.NONE
    b.random_edition("s4", guaranteed=True)
    assert isinstance(a.random_enhancement("s5", created=True), Enhancement)
    b.random_enhancement("s5", created=True)
    joker = a.random_joker("s6")
    assert isinstance(joker, Joker) and joker.zone.area is Area.SHOP and joker not in a.jokers
    assert b.random_joker("s6").key == joker.key
    key = a.random_consumable("Tarot", "s7", exclude=("c_fool",))
    assert key.startswith("c_") and key == b.random_consumable("Tarot", "s7", exclude=("c_fool",))
    assert a.planet_for(HandType.PAIR) == planet_for(a, HandType.PAIR) == "c_mercury"


def test_a_voucher_offered_packs_made_free_and_joker_slots_reserved() -> None:
    game = _shop()
    extra = game.draw_voucher("mine")
    assert extra is not None
    assert game.offer_voucher(extra) == extra and game.shop_vouchers[-1] == extra
    with pytest.raises(BalatroError, match="on sale already"):
        game.offer_voucher(extra)
    assert game.shop_vouchers.count(extra) == 1
    with pytest.raises(UnknownNameError):
        game.offer_voucher("v_nope")
    game.make_packs_free()
    assert game.free_packs
    game.reserve_joker_slots(game.joker_limit)
    assert not game.has_room_for_joker()
    with pytest.raises(ValueError, match="count"):
        game.reserve_joker_slots(-1)
    game.run_queued()
    assert game.joker_buffer == 0 and game.has_room_for_joker()

"""The 15 selectable decks and the 8 stakes, each seen through a real run.

Every number comes from the reference tables (decks.toml, stakes.toml, rules.toml,
vouchers.toml, planets.toml, jokers.toml, blinds.toml, boosters.toml).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from balatro_ecs import CardSpec, Game, Suit
from balatro_ecs.game.actions import (
    Buy,
    BuyPack,
    CashOut,
    Discard,
    EndShop,
    Outcome,
    Play,
    Reroll,
    Sell,
    SkipPack,
)
from balatro_ecs.game.jokers import Consumable, Joker
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.kernel.rng import GameRandom
from balatro_ecs.tools.testing.runs import hold, play_blind

_SHARED = Path("/work/shared/reference")
_PACKAGED = Path(__file__).resolve().parent.parent / "plugins" / "data"
#: A boss with no effect on scoring or money, used whenever a test plays a boss blind.
QUIET_BOSS = "The Manacle"


# ---------------------------------------------------------------------------------------
# reference data
# ---------------------------------------------------------------------------------------


@cache
def ref(name: str) -> dict[str, Any]:
    folder = _SHARED if (_SHARED / f"{name}.toml").exists() else _PACKAGED
    with (folder / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def deck_row(name: str) -> dict[str, Any]:
    return next(d for d in ref("decks")["deck"] if d["name"] == name)


def stake_rows() -> list[dict[str, Any]]:
    return sorted(ref("stakes")["stake"], key=lambda s: s["stake_level"])


def run_start() -> dict[str, Any]:
    return ref("rules")["run_start"]


def chip_table(scaling: int) -> list[int]:
    return ref("rules")["ante_base_chips"][f"scaling_{scaling}"]


def blind_mult(key: str) -> float:
    return next(b for b in ref("blinds")["blind"] if b["key"] == key)["score_multiplier"]


def blind_dollars(key: str) -> int:
    return next(b for b in ref("blinds")["blind"] if b["key"] == key)["dollars"]


def joker_row(key: str) -> dict[str, Any]:
    return next(j for j in ref("jokers")["joker"] if j["key"] == key)


def starting_vouchers(config: dict[str, Any]) -> list[str]:
    """The vouchers a deck starts with (decks.toml config ``voucher`` / ``vouchers``)."""
    one = [config["voucher"]] if "voucher" in config else []
    return one + list(config.get("vouchers", []))


def planet_for(hand_name: str) -> str:
    return next(p["key"] for p in ref("planets")["planet"] if p["hand"] == hand_name)


SELECTABLE_DECKS = [d["name"] for d in ref("decks")["deck"] if d.get("selectable")]
STAKE_NAMES = [s["name"] for s in stake_rows()]


def stake_modifiers(level: int) -> dict[str, Any]:
    """The stake's rules with every lower stake's (stakes.toml: cumulative)."""
    mods: dict[str, Any] = {"scaling": 1, "discards": 0, "no_blind_reward": []}
    for stake in stake_rows():
        if stake["stake_level"] > level:
            break
        for name, value in stake.get("modifiers", {}).items():
            if name == "scaling":
                mods["scaling"] = max(mods["scaling"], value)
            elif name == "discards":
                mods["discards"] += value
            elif name == "no_blind_reward":
                mods["no_blind_reward"].append(value)
            else:
                mods[name] = value
    return mods


# ---------------------------------------------------------------------------------------
# run helpers
# ---------------------------------------------------------------------------------------


def draw_pool(game: Game) -> list[Any]:
    return list(game.hand) + list(game.area(Area.DECK))


def play_best_hand(game: Game) -> Outcome:
    """Play the biggest same-rank group still available (plus one kicker)."""
    pool = draw_pool(game)
    by_rank = Counter(c.base_rank for c in pool)
    rank = max(by_rank, key=lambda r: (min(by_rank[r], 4), r))
    picks = [c for c in pool if c.base_rank == rank][:4]
    picks += [c for c in pool if c.base_rank != rank][: 5 - len(picks)]
    hold(game, *[CardSpec(c.base_rank, c.suit) for c in picks])
    return game.apply(Play(tuple(range(len(picks)))))


def win_round(game: Game) -> None:
    while game.phase is Phase.ROUND:
        play_best_hand(game)
    assert game.phase is Phase.CASH_OUT, "the round was lost"


def play_and_win(game: Game) -> None:
    """Select the blind on deck (a quiet boss when it is the boss) and beat it."""
    if game.run.blind_on_deck == "Boss":
        play_blind(game, QUIET_BOSS)
    else:
        play_blind(game)
    win_round(game)


def next_blind(game: Game) -> None:
    """Cash out and leave the shop."""
    game.apply(CashOut())
    game.apply(EndShop())
    assert game.phase is Phase.BLIND_SELECT


def first_shop(game: Game) -> None:
    play_and_win(game)
    game.apply(CashOut())
    assert game.phase is Phase.SHOP


def reroll_until(game: Game, found: Callable[[Any], bool], rerolls: int = 60) -> int:
    """Reroll the shop (paid for with fresh money) until ``found(item)``; its slot."""
    for _ in range(rerolls):
        for slot, item in enumerate(game.shop):
            if found(item):
                return slot
        game.earn(game.run.reroll_price)
        game.apply(Reroll())
    raise AssertionError("not found in the shop")


def shop_jokers_seen(game: Game, rerolls: int) -> list[Joker]:
    seen: list[Joker] = []
    for _ in range(rerolls):
        seen.extend(item for item in game.shop if isinstance(item, Joker))
        game.earn(game.run.reroll_price)
        game.apply(Reroll())
    return seen


def payout_line(game: Game, prefix: str) -> int | None:
    lines = [d for label, d in game.run.payout if label.startswith(prefix)]
    return sum(lines) if lines else None


def is_eternal(j: Joker) -> bool:
    return j._stickers.eternal


def is_perishable(j: Joker) -> bool:
    return j._stickers.perishable is not None


def is_rental(j: Joker) -> bool:
    return j._stickers.rental


# ---------------------------------------------------------------------------------------
# decks: the starting state
# ---------------------------------------------------------------------------------------

_VOUCHER_CONSUMABLE_SLOTS = {"v_crystal_ball": 1}  # vouchers.toml: "+1 consumable slot."


@pytest.mark.parametrize("deck", SELECTABLE_DECKS)
def test_deck_starting_parameters_follow_reference_deltas(deck: str) -> None:
    row = deck_row(deck)
    base = run_start()
    delta = row.get("starting_param_deltas", {})
    vouchers = starting_vouchers(row["config"])
    game = Game(deck=deck, seed="DECKPARAM")
    run = game.run
    assert game.deck.key == row["key"]
    assert run.dollars == base["dollars"] + delta.get("dollars", 0)
    assert run.round_hands == base["hands_per_round"] + delta.get("hands", 0)
    assert run.round_discards == base["discards_per_round"] + delta.get("discards", 0)
    assert run.hand_size == base["hand_size"] + delta.get("hand_size", 0)
    assert run.joker_slots == base["joker_slots"] + delta.get("joker_slots", 0)
    assert game.joker_limit == run.joker_slots
    extra_consumables = sum(_VOUCHER_CONSUMABLE_SLOTS.get(v, 0) for v in vouchers)
    assert run.consumable_slots == (
        base["consumable_slots"] + delta.get("consumable_slots", 0) + extra_consumables
    )
    # and the first round plays with them
    play_blind(game)
    assert run.hands_left == run.round_hands
    assert run.discards_left == run.round_discards
    assert len(game.hand) == game.hand_size == run.hand_size


@pytest.mark.parametrize("deck", SELECTABLE_DECKS)
def test_deck_starting_vouchers_and_consumables(deck: str) -> None:
    config = deck_row(deck)["config"]
    vouchers = starting_vouchers(config)
    game = Game(deck=deck, seed="DECKSTART")
    assert game.run.vouchers == vouchers
    assert [c.key for c in game.consumables] == config.get("consumables", [])


@pytest.mark.parametrize("deck", SELECTABLE_DECKS)
def test_deck_size_and_ante_scaling(deck: str) -> None:
    config = deck_row(deck)["config"]
    game = Game(deck=deck, seed="DECKSIZE")
    faces = 0 if config.get("remove_faces") else 12
    expected = run_start()["deck_size"] - 12 + faces
    assert len(game.playing_cards) == expected
    assert game.run.starting_deck_size == expected
    assert game.run.ante_scaling == config.get("ante_scaling", run_start()["ante_scaling"])
    play_blind(game)
    small = chip_table(1)[0] * blind_mult("bl_small") * game.run.ante_scaling
    assert game.run.blind_chips == small


@pytest.mark.parametrize("deck", ["Magic Deck", "Nebula Deck", "Zodiac Deck"])
def test_starting_vouchers_are_never_offered_in_the_shop(deck: str) -> None:
    owned = set(Game(deck=deck, seed="VOUCH0").run.vouchers)
    for n in range(25):
        game = Game(deck=deck, seed=f"VOUCH{n}")
        assert game.run.voucher_offer not in owned


def test_nebula_telescope_lets_observatory_be_offered_at_ante_one() -> None:
    # Observatory requires Telescope (vouchers.toml), which the Nebula Deck owns from the start
    nebula = {Game(deck="Nebula Deck", seed=f"OBS{n}").run.voucher_offer for n in range(60)}
    red = {Game(deck="Red Deck", seed=f"OBS{n}").run.voucher_offer for n in range(60)}
    assert "v_observatory" in nebula
    assert "v_observatory" not in red


# ---------------------------------------------------------------------------------------
# decks: effects in play
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("deck", "hands"), [("Red Deck", 4), ("Blue Deck", 5), ("Black Deck", 3)])
def test_hands_per_round_in_play(deck: str, hands: int) -> None:
    game = Game(deck=deck, seed="HANDS")
    play_blind(game)
    for _ in range(hands - 1):
        game.apply(Play((0,)))
        assert game.phase is Phase.ROUND
    game.apply(Play((0,)))  # a lone high card never beats the Small Blind
    assert game.phase is Phase.GAME_OVER


@pytest.mark.parametrize(("deck", "discards"), [("Red Deck", 4), ("Blue Deck", 3)])
def test_discards_per_round_in_play(deck: str, discards: int) -> None:
    game = Game(deck=deck, seed="DISCARDS")
    play_blind(game)
    for _ in range(discards):
        game.apply(Discard((0,)))
    assert game.run.discards_left == 0
    assert not game.can(Discard((0,)))


def test_yellow_deck_extra_money_earns_interest_at_first_cash_out() -> None:
    game = Game(deck="Yellow Deck", seed="YELLOW")
    assert game.run.dollars == run_start()["dollars"] + deck_row("Yellow Deck")["config"]["dollars"]
    play_and_win(game)
    assert payout_line(game, "Interest") == game.run.dollars // 5  # $14 -> $2


def test_green_deck_pays_per_hand_and_discard_and_no_interest() -> None:
    config = deck_row("Green Deck")["config"]
    game = Game(deck="Green Deck", seed="GREEN")
    game.earn(20)  # $24: other decks would earn interest on it
    play_blind(game)
    play_best_hand(game)
    assert game.phase is Phase.CASH_OUT
    run = game.run
    assert (run.hands_left, run.discards_left) == (3, 3)
    assert payout_line(game, "Blind") == blind_dollars("bl_small")
    assert payout_line(game, "Hands left") == 3 * config["extra_hand_bonus"]
    assert payout_line(game, "Discards left") == 3 * config["extra_discard_bonus"]
    assert payout_line(game, "Interest") is None
    before = run.dollars
    game.apply(CashOut())
    assert run.dollars == before + 3 + 3 * 2 + 3 * 1


def test_red_deck_payout_has_interest_and_no_discard_money() -> None:
    game = Game(deck="Red Deck", seed="GREEN")
    game.earn(20)
    play_blind(game)
    play_best_hand(game)
    assert payout_line(game, "Hands left") == 3 * 1
    assert payout_line(game, "Discards left") is None
    assert payout_line(game, "Interest") == 24 // 5


@pytest.mark.parametrize(
    ("deck", "limit"), [("Red Deck", 5), ("Black Deck", 6), ("Painted Deck", 4)]
)
def test_joker_slots_limit_buying_jokers(deck: str, limit: int) -> None:
    game = Game(deck=deck, seed="SLOTS")
    first_shop(game)
    game.earn(100)
    slot = reroll_until(game, lambda item: isinstance(item, Joker) and item.edition.name == "NONE")
    for _ in range(limit - 1):
        game.add_joker("j_joker")
    assert game.can(Buy(slot))
    game.add_joker("j_joker")
    assert len(game.jokers) == game.joker_limit == limit
    assert not game.can(Buy(slot))


@pytest.mark.parametrize(
    ("deck", "limit"), [("Red Deck", 2), ("Magic Deck", 3), ("Nebula Deck", 1)]
)
def test_consumable_slots_limit_buying_consumables(deck: str, limit: int) -> None:
    game = Game(deck=deck, seed="CONSUME")
    first_shop(game)
    game.earn(100)
    while len(game.consumables) < limit - 1:
        game.add_consumable("c_pluto")
    slot = reroll_until(game, lambda item: isinstance(item, Consumable))
    game.apply(Buy(slot))
    assert len(game.consumables) == limit
    slot = reroll_until(game, lambda item: isinstance(item, Consumable))
    with pytest.raises(IllegalActionError):
        game.apply(Buy(slot))


@pytest.mark.parametrize(("deck", "forced"), [("Nebula Deck", True), ("Red Deck", False)])
def test_telescope_first_celestial_card_is_the_most_played_hand(deck: str, forced: bool) -> None:
    mars = planet_for("Four of a Kind")
    firsts = []
    for n in range(6):
        game = Game(deck=deck, seed=f"SCOPE{n}")
        play_blind(game)
        out = play_best_hand(game)
        assert out.score.hand_name == "Four of a Kind"
        game.apply(CashOut())
        game.earn(10)
        game.shop_packs = ["p_celestial_normal_1"]
        game.apply(BuyPack(0))
        assert game.phase is Phase.PACK
        firsts.append(game.pack[0].key)
    if forced:
        assert firsts == [mars] * 6
    else:
        assert firsts != [mars] * 6


def test_ghost_deck_spectral_cards_appear_in_the_shop() -> None:
    def spectral(item: Any) -> bool:
        return isinstance(item, Consumable) and item.type.set == "Spectral"

    seen = {}
    for deck in ("Ghost Deck", "Red Deck"):
        game = Game(deck=deck, seed="GHOST")
        assert game.run.spectral_rate == deck_row(deck)["config"].get("spectral_rate", 0)
        first_shop(game)
        count = 0
        for _ in range(40):
            count += sum(spectral(item) for item in game.shop)
            game.earn(game.run.reroll_price)
            game.apply(Reroll())
        seen[deck] = count
    assert seen["Ghost Deck"] > 0
    assert seen["Red Deck"] == 0


def test_abandoned_deck_has_no_face_cards() -> None:
    game = Game(deck="Abandoned Deck", seed="ABANDON")
    cards = Counter((c.base_rank, c.suit) for c in game.playing_cards)
    expected = {(rank, suit) for suit in Suit for rank in (*range(2, 11), 14)}
    assert set(cards) == expected
    assert set(cards.values()) == {1}
    play_blind(game)
    for _ in range(3):
        assert not any(11 <= c.rank <= 13 for c in game.hand)
        game.apply(Discard((0, 1, 2, 3, 4)))


def test_checkered_deck_is_26_spades_and_26_hearts() -> None:
    game = Game(deck="Checkered Deck", seed="CHECKER")
    assert Counter(c.suit for c in game.playing_cards) == {Suit.SPADES: 26, Suit.HEARTS: 26}
    per_card = Counter((c.base_rank, c.suit) for c in game.playing_cards)
    assert len(per_card) == 26 and set(per_card.values()) == {2}
    play_blind(game)
    assert {c.suit for c in game.hand} <= {Suit.SPADES, Suit.HEARTS}


def test_zodiac_deck_shop_rates_and_extra_slot() -> None:
    shop = ref("rules")["shop"]
    game = Game(deck="Zodiac Deck", seed="ZODIAC")
    run = game.run
    assert run.tarot_rate == pytest.approx(shop["rates"]["tarot_with_merchant"])
    assert run.planet_rate == pytest.approx(shop["rates"]["planet_with_merchant"])
    assert run.shop_slots == shop["joker_consumable_slots"] + shop["overstock_adds"]
    first_shop(game)
    assert len(game.shop) == 3
    game.earn(game.run.reroll_price)
    game.apply(Reroll())
    assert len(game.shop) == 3


def _beat_a_boss(game: Game) -> None:
    while game.run.blind_on_deck != "Boss":
        play_and_win(game)
        next_blind(game)
    play_and_win(game)


def test_anaglyph_deck_double_tag_after_each_boss_only() -> None:
    game = Game(deck="Anaglyph Deck", seed="ANAGLYPH")
    play_and_win(game)  # Small Blind
    assert "tag_double" not in game.run.tags
    next_blind(game)
    play_and_win(game)  # Big Blind
    assert "tag_double" not in game.run.tags
    next_blind(game)
    play_and_win(game)  # Boss
    assert game.run.tags.count("tag_double") == 1
    assert game.run.ante == 2
    next_blind(game)
    play_blind(game, QUIET_BOSS)  # ante 2 boss straight away
    win_round(game)
    assert game.run.tags.count("tag_double") == 2


def test_other_decks_get_no_tag_for_a_boss() -> None:
    game = Game(deck="Red Deck", seed="ANAGLYPH")
    play_blind(game, QUIET_BOSS)
    win_round(game)
    assert game.run.tags == []


def test_plasma_deck_balances_chips_and_mult() -> None:
    hand = ("AS", "AH", "AC", "AD", "2S")
    plain = Game(deck="Red Deck", seed="PLASMA")
    play_blind(plain)
    hold(plain, *hand)
    base = plain.apply(Play((0, 1, 2, 3, 4))).score
    assert base.chips != base.mult

    game = Game(deck="Plasma Deck", seed="PLASMA")
    play_blind(game)
    hold(game, *hand)
    out = game.apply(Play((0, 1, 2, 3, 4))).score
    balanced = (base.chips + base.mult) // 2
    assert out.hand_name == base.hand_name
    assert out.chips == out.mult == balanced
    assert out.score == balanced * balanced


@pytest.mark.parametrize("stake", [1, 3, 6])
def test_plasma_deck_doubles_every_blind(stake: int) -> None:
    scaling = stake_modifiers(stake)["scaling"]
    factor = deck_row("Plasma Deck")["config"]["ante_scaling"]
    game = Game(deck="Plasma Deck", stake=stake, seed="PLASMA2")
    for key in ("bl_small", "bl_big"):
        play_blind(game)
        assert game.run.blind_chips == chip_table(scaling)[0] * blind_mult(key) * factor
        win_round(game)
        next_blind(game)
    play_blind(game, QUIET_BOSS)
    assert game.run.blind_chips == chip_table(scaling)[0] * blind_mult("bl_manacle") * factor


def _faces(game: Game) -> Counter[tuple[int, Suit]]:
    return Counter((c.base_rank, c.suit) for c in game.playing_cards)


def test_erratic_deck_is_the_same_for_the_same_seed() -> None:
    a = Game(deck="Erratic Deck", seed="ERRATIC1")
    b = Game(deck="Erratic Deck", seed="ERRATIC1")
    assert [(c.base_rank, c.suit) for c in a.playing_cards] == [
        (c.base_rank, c.suit) for c in b.playing_cards
    ]
    assert len(a.playing_cards) == run_start()["deck_size"]


def test_erratic_deck_differs_between_seeds_and_from_the_standard_deck() -> None:
    standard = _faces(Game(deck="Red Deck", seed="ERRATIC1"))
    decks = [_faces(Game(deck="Erratic Deck", seed=f"ERRATIC{n}")) for n in range(1, 5)]
    for deck in decks:
        assert deck != standard
        assert sum(deck.values()) == 52
    assert len({tuple(sorted(d.items())) for d in decks}) == len(decks)


def test_erratic_deck_draws_from_the_erratic_stream() -> None:
    # decks.toml: pseudorandom_element over P_CARDS (sorted by key "C_2".."S_T") with
    # pseudoseed('erratic'), once per starting card
    letters = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.CLUBS: "C", Suit.DIAMONDS: "D"}
    chars = dict(zip(range(2, 15), "23456789TJQKA", strict=True))
    keys = sorted(f"{letters[s]}_{chars[r]}" for s in Suit for r in chars)
    rng = GameRandom("ERRATIC7")
    drawn = Counter(rng.element("erratic", keys) for _ in range(52))
    game = Game(deck="Erratic Deck", seed="ERRATIC7")
    got = Counter(f"{letters[c.suit]}_{chars[c.base_rank]}" for c in game.playing_cards)
    assert got == drawn


# ---------------------------------------------------------------------------------------
# stakes
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("stake", STAKE_NAMES)
def test_stake_run_state_is_cumulative(stake: str) -> None:
    row = next(s for s in stake_rows() if s["name"] == stake)
    level = row["stake_level"]
    mods = stake_modifiers(level)
    game = Game(deck="Blue Deck", stake=stake, seed="STAKE")
    run = game.run
    assert game.stake.key == row["key"]
    assert run.stake == level
    assert run.scaling == mods["scaling"]
    assert ref("rules")["ante_base_chips"]["scaling_by_stake"][row["key"][6:]] == run.scaling
    assert sorted(run.no_blind_reward) == sorted(mods["no_blind_reward"])
    assert run.eternals_in_shop is mods.get("enable_eternals_in_shop", False)
    assert run.perishables_in_shop is mods.get("enable_perishables_in_shop", False)
    assert run.rentals_in_shop is mods.get("enable_rentals_in_shop", False)
    assert run.round_discards == run_start()["discards_per_round"] + mods["discards"]
    assert run.perishable_rounds == run_start()["perishable_rounds"]
    assert run.rental_rate == run_start()["rental_rate"]
    # the deck's own change stays: Blue Deck's extra hand
    assert run.round_hands == run_start()["hands_per_round"] + 1


@pytest.mark.parametrize("level", range(1, 9))
def test_stake_by_level_matches_stake_by_name(level: int) -> None:
    by_level = Game(stake=level, seed="SAME").run
    by_name = Game(stake=STAKE_NAMES[level - 1], seed="SAME").run
    assert by_level.stake == by_name.stake == level
    assert by_level.scaling == by_name.scaling


@pytest.mark.parametrize("level", range(1, 9))
def test_discards_in_play_by_stake(level: int) -> None:
    expected = run_start()["discards_per_round"] + stake_modifiers(level)["discards"]
    game = Game(deck="Blue Deck", stake=level, seed="STAKEDISC")
    play_blind(game)
    assert game.run.discards_left == expected
    for _ in range(expected):
        game.apply(Discard((0,)))
    assert not game.can(Discard((0,)))


def test_blue_stake_takes_one_of_the_red_decks_discards() -> None:
    game = Game(deck="Red Deck", stake="Blue Stake", seed="STAKEDISC")
    play_blind(game)
    assert game.run.discards_left == run_start()["discards_per_round"] + 1 - 1


@pytest.mark.parametrize("level", range(1, 9))
def test_small_blind_reward_by_stake(level: int) -> None:
    no_reward = "Small" in stake_modifiers(level)["no_blind_reward"]
    reward = 0 if no_reward else blind_dollars("bl_small")
    game = Game(deck="Blue Deck", stake=level, seed="REWARD")
    play_blind(game)
    play_best_hand(game)
    assert game.phase is Phase.CASH_OUT
    assert (payout_line(game, "Blind") or 0) == reward
    before = game.run.dollars
    total = sum(d for _, d in game.run.payout)
    game.apply(CashOut())
    assert game.run.dollars == before + total
    assert total == reward + game.run.round_hands - 1  # $1 per hand left, no interest at $4


@pytest.mark.parametrize("stake", ["White Stake", "Red Stake", "Gold Stake"])
def test_big_and_boss_blinds_keep_their_reward(stake: str) -> None:
    game = Game(deck="Red Deck", stake=stake, seed="REWARD")
    play_and_win(game)
    next_blind(game)
    play_and_win(game)
    assert payout_line(game, "Blind") == blind_dollars("bl_big")
    next_blind(game)
    play_and_win(game)
    assert payout_line(game, "Blind") == blind_dollars("bl_manacle")


@pytest.mark.parametrize("level", range(1, 9))
def test_ante_two_blind_chips_by_stake(level: int) -> None:
    table = chip_table(stake_modifiers(level)["scaling"])
    game = Game(deck="Red Deck", stake=level, seed="SCALING")
    play_blind(game)
    assert game.run.blind_chips == table[0] * blind_mult("bl_small")
    win_round(game)
    next_blind(game)
    play_blind(game, QUIET_BOSS)  # the rest of ante 1: its boss
    assert game.run.blind_chips == table[0] * blind_mult("bl_manacle")
    win_round(game)
    next_blind(game)
    assert game.run.ante == 2
    small, boss = game.clone(), game.clone()
    play_blind(small)
    assert small.run.blind_chips == table[1] * blind_mult("bl_small")
    play_blind(game)
    win_round(game)
    next_blind(game)
    play_blind(game)
    assert game.run.blind_chips == table[1] * blind_mult("bl_big")
    play_blind(boss, QUIET_BOSS)
    assert boss.run.blind_chips == table[1] * blind_mult("bl_manacle")


@pytest.mark.parametrize("level", range(1, 9))
def test_stake_stickers_seen_on_shop_jokers(level: int) -> None:
    mods = stake_modifiers(level)
    expected = {
        name
        for name, flag in (
            ("eternal", "enable_eternals_in_shop"),
            ("perishable", "enable_perishables_in_shop"),
            ("rental", "enable_rentals_in_shop"),
        )
        if mods.get(flag)
    }
    game = Game(deck="Red Deck", stake=level, seed="STICKERS")
    first_shop(game)
    seen = shop_jokers_seen(game, 30)
    assert len(seen) > 30
    kinds = set()
    for joker in seen:
        row = joker_row(joker.key)
        if is_eternal(joker):
            kinds.add("eternal")
            assert row["eternal_compat"]
            assert not is_perishable(joker)
        if is_perishable(joker):
            kinds.add("perishable")
            assert row["perishable_compat"]
        if is_rental(joker):
            kinds.add("rental")
            assert joker.buy_cost == 1
    assert kinds == expected


@pytest.mark.parametrize(("stake", "stickers"), [("White Stake", False), ("Gold Stake", True)])
def test_stake_stickers_on_buffoon_pack_jokers(stake: str, stickers: bool) -> None:
    game = Game(deck="Red Deck", stake=stake, seed="PACKSTICK")
    first_shop(game)
    seen: list[Joker] = []
    for _ in range(12):
        game.shop_packs = ["p_buffoon_normal_1"]
        game.earn(10)
        game.apply(BuyPack(0))
        seen.extend(item for item in game.pack if isinstance(item, Joker))
        game.apply(SkipPack())
    kinds = {
        name
        for joker in seen
        for name, has in (
            ("eternal", is_eternal(joker)),
            ("perishable", is_perishable(joker)),
            ("rental", is_rental(joker)),
        )
        if has
    }
    cards = next(b for b in ref("boosters")["pack"] if b["key"] == "p_buffoon_normal_1")
    assert len(seen) == 12 * cards["cards"]
    assert kinds == ({"eternal", "perishable", "rental"} if stickers else set())


def test_eternal_joker_from_the_shop_cannot_be_sold() -> None:
    game = Game(deck="Red Deck", stake="Black Stake", seed="ETERNAL")
    first_shop(game)
    game.earn(100)
    slot = reroll_until(game, lambda item: isinstance(item, Joker) and is_eternal(item))
    game.apply(Buy(slot))
    slot = reroll_until(game, lambda item: isinstance(item, Joker) and not is_eternal(item))
    game.apply(Buy(slot))
    eternal, plain = game.jokers
    assert eternal.eternal and not plain.eternal
    assert not game.can(Sell("jokers", 0))
    with pytest.raises(IllegalActionError):
        game.apply(Sell("jokers", 0))
    assert game.jokers == [eternal, plain]
    game.apply(Sell("jokers", 1))
    assert game.jokers == [eternal]


def test_perishable_joker_is_debuffed_after_perishable_rounds() -> None:
    game = Game(deck="Red Deck", stake="Orange Stake", seed="PERISH")
    first_shop(game)
    game.earn(100)
    slot = reroll_until(game, lambda item: isinstance(item, Joker) and is_perishable(item))
    game.apply(Buy(slot))
    (joker,) = game.jokers
    rounds = game.run.perishable_rounds
    assert rounds == run_start()["perishable_rounds"]
    game.apply(EndShop())
    for _ in range(rounds - 1):
        play_and_win(game)
        assert not joker.debuffed
        next_blind(game)
    play_and_win(game)
    assert joker.debuffed


def test_rental_joker_costs_one_and_charges_rental_rate_each_round() -> None:
    rate = run_start()["rental_rate"]
    game = Game(deck="Red Deck", stake="Gold Stake", seed="RENTAL")
    first_shop(game)
    game.earn(100)
    slot = reroll_until(
        game,
        lambda item: isinstance(item, Joker) and is_rental(item) and not is_perishable(item),
    )
    before = game.run.dollars
    game.apply(Buy(slot))
    assert game.run.dollars == before - 1
    (joker,) = game.jokers
    assert joker.sell_value == 1  # max(1, floor(1 / 2))
    game.apply(EndShop())
    for _ in range(2):
        play_blind(game)
        charges = []
        while game.phase is Phase.ROUND:
            out = play_best_hand(game)
            paid = [e[3] for e in out.events if e[2] == "dollars"]
            assert out.dollars_after - out.dollars_before == sum(paid)
            charges += [e[3] for e in out.events if e[2] == "dollars" and e[1] is joker]
            if game.phase is Phase.ROUND:
                assert charges == []  # charged only at the end of the round
        assert game.phase is Phase.CASH_OUT
        assert charges == [-rate]
        assert not any(label == joker.name for label, _ in game.run.payout)
        next_blind(game)

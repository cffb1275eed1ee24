"""The mod ports' own tests, written with balatro_ecs.testing and the public API.

Run them with ``pytest examples/modport-pack/tests`` (the pack installed, or its folder on
the path); the main suite runs them too (tests/test_packs.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import modport_pack
import pytest
from balatro_ecs.actions import (
    Buy,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    EndShop,
    MoveJoker,
    Play,
    SelectBlind,
    SkipBlind,
    SkipPack,
    Use,
)
from balatro_ecs.testing.properties import assert_copies_faithfully, assert_survives_save
from balatro_ecs.testing.runs import hold, play_blind, win_round

from balatro_ecs import Game, Plugins, score
from balatro_ecs.plugin import Area, Edition, HandType, Phase, Seal

PLUGINS = Plugins(plugins=[modport_pack], entry_points=False, config=False)
BUNCO = [
    "j_modport_shepherd",
    "j_modport_dogs_playing_poker",
    "j_modport_righthook",
    "j_modport_basement",
    "j_modport_nil_bill",
    "j_modport_hopscotch",
    "j_modport_protester",
    "j_modport_running_joke",
    "j_modport_conquest",
    "j_modport_fiendish",
    "j_modport_head_in_the_clouds",
    "j_modport_knight",
]
CRYPTID = [
    "j_modport_cursor",
    "j_modport_old_blueprint",
    "j_modport_chad",
    "j_modport_booster_joker",
    "j_modport_compound_interest",
    "j_modport_pot_of_jokes",
    "j_modport_pickle",
    "j_modport_fractal_fingers",
]


def _game(seed: str, *jokers: str, **state: Any) -> Game:
    """A game at its first round with these jokers (``state``: counters for each, by key)."""
    game = play_blind(Game(seed=seed, plugins=PLUGINS))
    for key in jokers:
        game.add_joker(key, state=state.get(key))
    return game


def _to_shop(game: Game) -> Game:
    win_round(game)
    game.apply(CashOut())
    assert game.phase is Phase.SHOP
    return game


def test_the_pack_is_one_pack_with_all_its_content() -> None:
    assert PLUGINS.packs["modport"] == "1.0.0"
    keys = [c.key for c in PLUGINS.pack_content("modport")]
    assert keys == [*BUNCO, *CRYPTID, "s_modport_blu", "c_modport_honk"]


def test_no_module_of_the_pack_imports_the_engine_s_insides() -> None:
    from pathlib import Path

    root = Path(modport_pack.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text("utf-8")
        for line in text.splitlines():
            if line.startswith(("import balatro_ecs", "from balatro_ecs")):
                assert line.startswith("from balatro_ecs.plugin import"), (path.name, line)
        for line in text.splitlines():  # no joker finds itself by its key in the row
            assert not ("game.jokers" in line and "key" in line), (path.name, line)


# -- Bunco -------------------------------------------------------------------------------


PAIR = [{"rank": "K", "suit": "S"}, {"rank": "K", "suit": "H"}]


def test_shepherd_grows_on_a_pair_and_a_copy_scores_without_growing() -> None:
    result = score({"played": PAIR, "jokers": ["Shepherd Joker"]}, plugins=PLUGINS)
    assert result.chips == 10 + 20 + 6  # Pair, two Kings, the first +6
    with_copy = score({"played": PAIR, "jokers": ["Blueprint", "Shepherd Joker"]}, plugins=PLUGINS)
    assert with_copy.chips == 10 + 20 + 6 + 6  # grown once, scored twice
    high = score({"played": PAIR[:1], "jokers": ["Shepherd Joker"]}, plugins=PLUGINS)
    assert high.chips == 5 + 10  # no Pair: nothing grows, nothing to score


@pytest.mark.parametrize(
    ("played", "x"),
    [
        (["2S", "3H", "4D", "5C", "5S"], 2.5),
        (["5S", "5H"], 2.5),
        (["5S", "6H"], 1),
        (["AS"], 1),
    ],
)
def test_dogs_playing_poker_likes_small_ranks_only(played: list[str], x: float) -> None:
    cards = [{"rank": c[0], "suit": c[1]} for c in played]
    plain = score({"played": cards}, plugins=PLUGINS)
    dogs = score({"played": cards, "jokers": ["Dogs Playing Poker"]}, plugins=PLUGINS)
    assert dogs.mult == plain.mult * x


def test_dogs_playing_poker_ignores_stone_cards_and_is_copied() -> None:
    played = [{"rank": "3", "suit": "S"}, {"rank": "K", "suit": "S", "enhancement": "stone"}]
    plain = score({"played": played}, plugins=PLUGINS)
    dogs = score({"played": played, "jokers": ["Dogs Playing Poker"]}, plugins=PLUGINS)
    assert dogs.mult == plain.mult * 2.5
    assert_copies_faithfully("Dogs Playing Poker", {"played": played}, plugins=PLUGINS)


def test_righthook_retriggers_the_rightmost_scored_card_once_per_hand_left() -> None:
    game = _game("RIGHTHOOK", "j_modport_righthook")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    hands_left = game.run.hands_left - 1  # the hand played is spent before it scores
    out = game.apply(Play((0, 1)))
    assert out.score is not None
    retriggers = [e for e in out.score.events if e[2] == "retrigger"]
    assert len(retriggers) == hands_left == 3
    assert {e[4] for e in retriggers} == {out.score.scoring[-1]}


def test_basement_makes_a_spectral_when_a_boss_is_beaten() -> None:
    game = play_blind(Game(seed="BASEMENT", plugins=PLUGINS), "The Hook")
    game.add_joker("j_modport_basement")
    win_round(game)
    assert [c.type.set for c in game.consumables] == ["Spectral"]
    small = _game("BASEMENT", "j_modport_basement")
    win_round(small)
    assert small.consumables == []  # a Small Blind is no boss


def test_nil_bill_pays_for_every_card_destroyed() -> None:
    game = _game("NILBILL", "j_modport_nil_bill")
    dollars = game.run.dollars
    game.destroy_cards(game.hand[:3])
    assert game.run.dollars == dollars + 3 * 2


def test_hopscotch_gives_a_discard_for_a_straight_and_a_preview_gives_none() -> None:
    game = _game("HOPSCOTCH", "j_modport_hopscotch", "j_blueprint")
    game.move_joker(game.jokers[1], 0)  # Blueprint copies Hopscotch
    hold(game, "2S", "3H", "4D", "5C", "6S", "KH", "9C", "7D")
    discards = game.run.discards_left
    assert game.preview_play((0, 1, 2, 3, 4)).hand_name == "Straight"
    assert game.run.discards_left == discards  # previews are sandboxed
    game.apply(Play((0, 1, 2, 3, 4)))
    assert game.run.discards_left == discards + 2  # its own and Blueprint's


def test_protester_counts_the_highest_rank_discarded_this_round() -> None:
    game = _game("PROTEST", "j_modport_protester")
    hold(game, "KS", "5H", "AD", "2C", "3D", "4S", "9C", "7D")
    game.apply(Discard((0, 1)))
    assert game.jokers[0].state["extra"]["chips"] == 10 * 8  # a King: 10 chips
    game.apply(Discard((0,)))  # whatever was drawn: the highest stays
    assert game.jokers[0].state["extra"]["chips"] >= 80
    win_round(game)
    assert game.jokers[0].state["extra"]["chips"] == 0  # reset at the end of the round


def test_running_joke_offers_a_negative_joker_at_every_shop() -> None:
    game = _to_shop(_game("RUNNING", "j_modport_running_joke"))
    offered = game.shop[-1]
    assert offered.key == "j_joker" and offered.edition is Edition.NEGATIVE
    assert len(game.shop) == game.run.shop_slots + 1
    game.run.dollars = 100
    game.apply(Buy(len(game.shop) - 1))
    assert [j.key for j in game.jokers] == ["j_modport_running_joke", "j_joker"]
    blueprinted = _game("RUNNING", "j_blueprint", "j_modport_running_joke")
    _to_shop(blueprinted)  # Bunco's Running Joke is not copied: still one
    negatives = [c for c in blueprinted.shop if getattr(c, "edition", None) is Edition.NEGATIVE]
    assert [c.key for c in negatives] == ["j_joker"]


def test_conquest_debuffs_another_joker_each_blind_and_lets_go_when_sold() -> None:
    game = Game(seed="CONQUEST", plugins=PLUGINS)
    conquest = game.add_joker("j_modport_conquest")
    other = game.add_joker("j_joker")
    game.apply(SelectBlind())
    assert other.debuffed and not conquest.debuffed
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    result = game.preview_play((0, 1))
    assert result.chips == 10 + 20 + 200 and result.mult == 2  # the Joker does nothing
    game.remove_joker(conquest)
    assert not other.debuffed


def test_fiendish_doubles_money_or_pays_one_dollar() -> None:
    gains = []
    for n in range(12):
        game = _game(f"FIEND{n}", "j_modport_fiendish")
        before = game.run.dollars
        game.earn(5, "test")
        gains.append(game.run.dollars - before)
        spent = game.run.dollars
        game.earn(-3, "test")
        assert game.run.dollars == spent - 3  # spending is left alone
    assert set(gains) == {10, 1}


def test_fiendish_rolls_for_each_effect_of_a_scored_hand() -> None:
    game = _game("FIENDHAND", "j_modport_fiendish")
    hold(game, "KS gold_seal", "KH gold_seal", "KD gold_seal", "2C", "3D", "4S", "9C", "7D")
    before = game.run.dollars
    out = game.apply(Play((0, 1, 2)))
    changed = [e for e in out.events if e[2] == "money changed"]
    assert len(changed) == 3  # each Gold Seal's $3 is its own gain
    assert game.run.dollars - before in (18, 13, 8, 3)


def test_fiendish_doubles_the_cash_out() -> None:
    plain = _game("FIENDCASH")
    fiend = _game("FIENDCASH", "j_modport_fiendish")
    for game in (plain, fiend):
        win_round(game)
    payout = sum(d for _, d in plain.run.payout)
    before = fiend.run.dollars
    fiend.apply(CashOut())
    assert fiend.run.dollars - before in (2 * payout, 1)


def test_head_in_the_clouds_upgrades_high_card_on_any_level_up() -> None:
    sure = {"j_modport_head_in_the_clouds": {"extra": {"odds": 1}}}
    game = _game("CLOUDS", "j_modport_head_in_the_clouds", **sure)
    high = game.run.hands[HandType.HIGH_CARD].level
    game.level_up(HandType.PAIR, 1, "test")
    assert game.run.hands[HandType.HIGH_CARD].level == high + 1  # once: not its own level
    game.level_up(HandType.PAIR, -1, "test")
    assert game.run.hands[HandType.HIGH_CARD].level == high + 1  # a level lost: nothing
    rolls = _game("CLOUDS", "j_modport_head_in_the_clouds")
    for _ in range(30):
        rolls.level_up(HandType.FLUSH, 1, "test")
    gained = rolls.run.hands[HandType.HIGH_CARD].level - high
    assert 0 < gained < 30  # 1 in 3, on its own stream


def test_joker_knight_shuffles_grows_and_resets_when_the_player_moves_a_joker() -> None:
    game = Game(seed="KNIGHT2", plugins=PLUGINS)
    for key in ("j_modport_knight", "j_joker", "j_greedy_joker", "j_lusty_joker", "j_jolly"):
        game.add_joker(key)
    order = [j.key for j in game.jokers]
    game.apply(SelectBlind())
    knight = next(j for j in game.jokers if j.key == "j_modport_knight")
    assert knight.state["extra"]["mult"] == 6
    shuffled = [j.key for j in game.jokers]
    assert shuffled != order and sorted(shuffled) == sorted(order)  # shuffled, not reset
    game.apply(MoveJoker(0, 1))
    assert knight.state["extra"]["mult"] == 0


# -- Cryptid -----------------------------------------------------------------------------


def test_cursor_grows_for_cards_and_vouchers_bought_not_packs_or_itself() -> None:
    game = _to_shop(_game("CURSOR", "j_modport_cursor"))
    game.run.dollars = 200
    cursor = game.jokers[0]
    game.apply(Buy(0))
    assert cursor.state["extra"]["chips"] == 8
    if game.shop_vouchers:
        game.apply(BuyVoucher(0))
        assert cursor.state["extra"]["chips"] == 16
    chips = cursor.state["extra"]["chips"]
    game.apply(BuyPack(0))
    assert cursor.state["extra"]["chips"] == chips


def test_old_blueprint_copies_the_joker_to_its_right_and_may_break() -> None:
    row = ["Old Blueprint", "Joker"]
    result = score({"played": PAIR, "jokers": row}, plugins=PLUGINS)
    assert result.mult == 2 + 4 + 4
    sure = {"j_modport_old_blueprint": {"extra": {"odds": 1}}}
    game = play_blind(Game(seed="OLDBP", plugins=PLUGINS), "The Hook")
    game.add_joker("j_modport_old_blueprint", state=sure["j_modport_old_blueprint"])
    game.add_joker("j_modport_basement")
    win_round(game)
    assert [j.key for j in game.jokers] == ["j_modport_basement"]  # broken, after the pass
    assert len(game.consumables) == 2  # Basement's Spectral, and Old Blueprint's copy's
    never = {"j_modport_old_blueprint": {"extra": {"odds": 10**9}}}
    kept = _game("OLDBP", "j_modport_old_blueprint", **never)
    win_round(kept)
    assert [j.key for j in kept.jokers] == ["j_modport_old_blueprint"]


def test_chad_retriggers_the_leftmost_joker_in_every_context() -> None:
    diamonds = [{"rank": r, "suit": "D"} for r in "KQ"]
    greedy = score({"played": diamonds, "jokers": ["Greedy Joker"]}, plugins=PLUGINS)
    chad = score({"played": diamonds, "jokers": ["Greedy Joker", "Chad"]}, plugins=PLUGINS)
    assert chad.mult - 1 == 3 * (greedy.mult - 1)  # +3 per Diamond, three times each
    main = score({"played": PAIR, "jokers": ["Joker", "Chad"]}, plugins=PLUGINS)
    assert main.mult == 2 + 3 * 4
    itself = score({"played": PAIR, "jokers": ["Chad", "Joker"]}, plugins=PLUGINS)
    assert itself.mult == 2 + 4  # Chad leftmost retriggers nothing (not itself)


def test_booster_joker_adds_a_pack_slot_at_once_and_for_every_shop() -> None:
    game = _to_shop(_game("BOOSTER"))
    assert len(game.shop_packs) == 2
    game.offer(game.new_joker("j_modport_booster_joker", area=Area.SHOP))
    game.run.dollars = 50
    game.apply(Buy(len(game.shop) - 1))
    assert len(game.shop_packs) == 3  # bought mid-visit: one more pack now
    again = _to_shop(_game("BOOSTER", "j_modport_booster_joker"))
    assert len(again.shop_packs) == 3


def test_compound_interest_pays_a_growing_share_of_the_money() -> None:
    game = _game("COMPOUND", "j_modport_compound_interest")
    game.run.dollars = 50
    win_round(game)
    assert ["Compound Interest", 6] in game.run.payout  # 12% of $50
    assert game.jokers[0].state["extra"]["percent"] == 15


def test_pot_of_jokes_hand_size_follows_its_counter_with_no_refresh() -> None:
    game = Game(seed="POT", plugins=PLUGINS)
    base = game.hand_size
    game.add_joker("j_modport_pot_of_jokes")
    assert game.hand_size == base - 2
    game.apply(SelectBlind())
    win_round(game)
    assert game.hand_size == base - 1  # the counter grew at the end of the round
    game.apply(CashOut())
    assert game.rules.hand_size_delta == -1


def test_pickle_creates_tags_on_its_own_streams_and_is_eaten() -> None:
    plain = Game(seed="PICKLE", plugins=PLUGINS)
    pickled = Game(seed="PICKLE", plugins=PLUGINS)
    pickled.add_joker("j_modport_pickle")
    for game in (plain, pickled):
        game.apply(SkipBlind())
        _close_packs(game)
    gained = len(pickled.run.tags) - len(plain.run.tags)
    assert 1 <= gained <= 3  # three draws; a Boss Tag drawn gives nothing
    # the game's own tag stream is untouched: the next ante offers the same tags
    assert plain.rng._state.get("Tag1") == pickled.rng._state.get("Tag1")
    assert pickled.rng._state.get("Tagcry_pickle1") is not None
    pickle = pickled.jokers[0]
    for expected in (2, 1):
        pickled.apply(SelectBlind())
        assert pickle.state["extra"]["tags"] == expected
        win_round(pickled)
        pickled.apply(CashOut())
        pickled.apply(EndShop())
        _close_packs(pickled)
    pickled.apply(SelectBlind())
    assert pickled.jokers == []  # eaten


def _close_packs(game: Game) -> None:
    """Skip the packs tags opened (Buffoon Tag & co.)."""
    while game.phase is Phase.PACK:
        game.apply(SkipPack())


def test_fractal_fingers_lets_seven_cards_be_played() -> None:
    game = _game("FRACTAL", "j_modport_fractal_fingers")
    assert game.rules.selection_limit == 7
    plays = [a for a in game.legal_actions() if isinstance(a, Play)]
    assert max(len(a.cards) for a in plays) == 7
    assert not game.can(Play((0, 1, 2, 3, 4, 5, 6, 7)))
    out = game.apply(Play((0, 1, 2, 3, 4, 5, 6)))
    assert out.score is not None and len(out.score.events) > 0
    assert len(game.action_mask()) == len(_game("FRACTAL").action_mask())  # fixed space


# -- the Steamodded SealExample ------------------------------------------------------------


def test_the_blu_seal_scores_its_four_parts() -> None:
    sealed = {"rank": "K", "suit": "S", "seal": "modport_blu"}
    plain = score({"played": PAIR}, plugins=PLUGINS)
    result = score({"played": [sealed, PAIR[1]]}, plugins=PLUGINS)
    assert result.chips == plain.chips + 20
    assert result.mult == (plain.mult + 5) * 1.5
    assert result.dollars == 1


def test_honk_puts_a_blu_seal_on_the_selected_card() -> None:
    game = _game("HONK")
    game.add_consumable("c_modport_honk")
    target = game.hand[2]
    game.apply(Use(0, (2,)))
    assert target.seal is Seal.MODPORT_BLU
    assert game.consumables == []


# -- the pack as a whole ---------------------------------------------------------------------


def _ports() -> Iterator[str]:
    yield from (*BUNCO, *CRYPTID)


@pytest.mark.parametrize("key", list(_ports()))
def test_every_joker_survives_a_save_and_a_clone(key: str) -> None:
    game = _game("SAVES", key)
    assert_survives_save(game)


def test_the_pack_s_jokers_reach_the_shop() -> None:
    seen: set[str] = set()
    for n in range(40):
        game = Game(seed=f"MODSHOP{n}", plugins=PLUGINS)
        game.apply(SelectBlind())
        _to_shop(game)
        seen |= {getattr(c, "key", "") for c in game.shop}
    assert seen & set(_ports())


def test_a_run_with_every_port_plays_to_the_end() -> None:
    from balatro_ecs.tools.policies import GreedyPolicy

    for start in range(0, 20, 5):
        game = Game(seed=f"MODRUN{start}", plugins=PLUGINS)
        game.run.joker_slots = 10
        for key in list(_ports())[start : start + 5]:
            game.add_joker(key)
        policy = GreedyPolicy()
        for _ in range(300):
            if game.phase is Phase.GAME_OVER or game.run.won:
                break
            game.apply(policy.choose(game))
        assert game.log  # played on without an error


@pytest.mark.parametrize("area", [Area.SHOP])
def test_offers_are_priced(area: Area) -> None:
    game = _to_shop(_game("PRICED", "j_modport_running_joke"))
    assert game.shop[-1].buy_cost > 0

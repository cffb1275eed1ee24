"""Determinised clones: equal in all the player sees, different in what they cannot know,
reproducible from their rng seed, and playable."""

from __future__ import annotations

import numpy as np
import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import ACTION_SPACE, CashOut, EndShop
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.tools.observe import OBS_KEYS, Observer
from balatro_ecs.tools.policies import GreedyPolicy
from balatro_ecs.tools.search import derive_seed, determinize, player_view, voucher_hidden
from balatro_ecs.tools.testing.runs import play_blind, win_round

pytest.importorskip("numpy")

RNG_SEEDS = range(12)


def _deck(game: Game) -> list[int]:
    return [card.serial for card in game.area(Area.DECK)]


def _greedy_until(game: Game, phase: Phase, limit: int = 200) -> Game:
    policy = GreedyPolicy()
    for _ in range(limit):
        if game.phase is phase:
            return game
        game.apply(policy.choose(game))
    raise AssertionError(f"never reached {phase}")


def _states() -> list[Game]:
    """A game in each phase a search starts from."""
    start = Game(seed="DETERMI1")
    in_round = play_blind(Game(seed="DETERMI2"))
    cash_out = win_round(play_blind(Game(seed="DETERMI3")))
    shop = _greedy_until(Game(seed="DETERMI4"), Phase.SHOP)
    return [start, in_round, cash_out, shop]


def test_a_clone_shows_the_player_exactly_what_the_game_does() -> None:
    observer = Observer()
    for game in _states():
        view, obs = player_view(game), observer.observe(game)
        for rng_seed in RNG_SEEDS:
            world = game.determinize(rng_seed)
            assert player_view(world) == view
            other = observer.observe(world)
            assert all(np.array_equal(obs[k], other[k]) for k in OBS_KEYS)
            assert world.hand == () or [c.label for c in world.hand] == [c.label for c in game.hand]


def test_the_draw_pile_order_is_resampled() -> None:
    for game in _states():
        orders = {tuple(_deck(game.determinize(s))) for s in RNG_SEEDS}
        assert tuple(_deck(game)) not in orders or len(orders) > 1
        assert len(orders) >= len(RNG_SEEDS) - 1  # nearly always different
        assert all(sorted(order) == sorted(_deck(game)) for order in orders)


def test_the_future_is_resampled() -> None:
    # The shop a cash-out opens comes from the clone's own streams.
    game = win_round(play_blind(Game(seed="DETERMI5")))
    real = game.clone()
    real.apply(CashOut())
    shown = [item.key if hasattr(item, "key") else item.label for item in real.shop]
    differ = 0
    for rng_seed in RNG_SEEDS:
        world = game.determinize(rng_seed)
        world.apply(CashOut())
        keys = [item.key if hasattr(item, "key") else item.label for item in world.shop]
        differ += keys != shown or world.shop_packs != real.shop_packs
    assert differ >= len(RNG_SEEDS) - 2
    # The cards a round deals, likewise.
    start = Game(seed="DETERMI6")
    dealt = play_blind(start.clone()).hand
    hands = [play_blind(start.determinize(s)).hand for s in RNG_SEEDS]
    labels = [c.label for c in dealt]
    assert sum([c.label for c in hand] != labels for hand in hands) >= len(RNG_SEEDS) - 1


def test_the_same_rng_seed_gives_the_same_clone_and_the_game_is_untouched() -> None:
    for game in _states():
        before = game.to_json()
        first, second = game.determinize(7), game.determinize(7)
        assert first.to_json() == second.to_json()
        assert game.determinize(8).to_json() != first.to_json()
        assert game.to_json() == before
        assert first.seed == derive_seed(7) != game.seed


def test_an_unseen_voucher_is_resampled_and_a_seen_one_kept() -> None:
    start = Game(seed="DETERMI7")
    assert voucher_hidden(start)
    offers = {start.determinize(s).run.voucher_offer for s in RNG_SEEDS}
    assert len(offers) > 1
    shop = _greedy_until(Game(seed="DETERMI8"), Phase.SHOP)
    assert not voucher_hidden(shop)
    assert {shop.determinize(s).run.voucher_offer for s in RNG_SEEDS} == {shop.run.voucher_offer}
    after = shop.clone()
    after.apply(EndShop())
    assert after.phase is Phase.BLIND_SELECT and not voucher_hidden(after)
    boss = win_round(play_blind(Game(seed="DETERMI9"), "bl_hook"))
    assert boss.run.boss_defeated and voucher_hidden(boss)


def test_jokers_flipped_by_amber_acorn_are_shuffled_among_themselves() -> None:
    game = Game(seed="DETERMIA")
    for name in ("Joker", "Greedy Joker", "Lusty Joker", "Wrathful Joker"):
        game.add_joker(name)
    play_blind(game, "bl_final_acorn")
    assert game.blind is not None and game.blind.memory.get("flipped")
    orders = set()
    for rng_seed in RNG_SEEDS:
        world = game.determinize(rng_seed)
        assert player_view(world) == player_view(game)
        orders.add(tuple(j.key for j in world.jokers))
        assert [j.slot for j in world.jokers] == list(range(4))
    assert len(orders) > 1
    assert all(sorted(order) == sorted(j.key for j in game.jokers) for order in orders)


def test_a_clone_plays_on_legally_through_a_round_and_a_shop() -> None:
    """Greedy choices in rounds (to win them), random legal ones in shops and packs."""
    through = 0
    for game in _states():
        for rng_seed in (0, 1, 2):
            world = game.determinize(rng_seed)
            rng = np.random.default_rng(rng_seed)
            policy = GreedyPolicy()
            rounds = shops = 0
            for _ in range(400):
                phase = world.phase
                if phase is Phase.GAME_OVER or (shops and rounds and phase is Phase.BLIND_SELECT):
                    break
                if phase in (Phase.SHOP, Phase.PACK):
                    legal = np.flatnonzero(world.action_mask())
                    action = ACTION_SPACE.decode(int(rng.choice(legal)))
                    if phase is Phase.SHOP and rng.random() < 0.3:
                        action = EndShop()
                else:
                    action = policy.choose(world)
                world.apply(action)  # raises if illegal
                rounds += phase is Phase.ROUND and world.phase is Phase.CASH_OUT
                shops += phase is Phase.SHOP and world.phase is Phase.BLIND_SELECT
            through += bool(rounds and shops)
            assert player_view(world.determinize(rng_seed)) == player_view(world)
    assert through >= 8  # of 12 clones, most won a round and left a shop


def test_derive_seed_uses_the_games_alphabet() -> None:
    seeds = {derive_seed(i) for i in range(200)} | {derive_seed(str(i)) for i in range(200)}
    assert len(seeds) == 400
    assert all(len(s) == 8 and "0" not in s and "O" not in s for s in seeds)
    assert determinize(Game(seed="DETERMIB"), "x").seed == derive_seed("x")

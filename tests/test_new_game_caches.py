"""The pools a new game draws from, kept per plugin set (game/run/blinds.py): the first
boss's candidates (no boss used yet) and the voucher pool (by the vouchers owned and on
sale). Each must be what working it out gives, must follow what it is keyed by, must
still let the jokers' ``joker_modify_weights`` weigh the draw, and must go when the plugin
set changes."""

from __future__ import annotations

from typing import Any

from balatro_ecs import Game, Plugins
from balatro_ecs.game.run import blinds
from balatro_ecs.game.run.blinds import _fewest_bosses, _voucher_pool, choose_boss, next_voucher
from balatro_ecs.kernel.content import BlindType, JokerType, VoucherType
from balatro_ecs.tools.testing.modules import plugin_module

SEEDS = [f"CACHE{n}" for n in range(12)]


def _first_draws(game: Game) -> tuple[Any, ...]:
    run = game.run
    return run.boss, run.voucher_offer, dict(run.tags_offered), game.to_json()


def test_new_games_from_warm_caches_are_those_from_cold_ones() -> None:
    warm = Plugins()
    for seed in SEEDS[:3]:
        Game(seed=seed, plugins=warm).close()  # the caches filled
    assert any(key[0] == "boss pool" for key in warm.cache if isinstance(key, tuple))
    assert warm.cache["voucher pools"]
    for deck, stake in (("Red Deck", 1), ("Magic Deck", 1), ("Plasma Deck", 8), ("Zodiac Deck", 5)):
        for seed in SEEDS[:4]:
            cold = Plugins()  # nothing kept yet: each pool worked out
            assert "voucher pools" not in cold.cache
            expected = _first_draws(Game(seed=seed, deck=deck, stake=stake, plugins=cold))
            assert _first_draws(Game(seed=seed, deck=deck, stake=stake, plugins=warm)) == expected


def test_the_first_boss_s_candidates_are_kept_by_ante_and_win_ante() -> None:
    plugins = Plugins()
    game = Game(seed="BOSSES", plugins=plugins)
    run = game.run
    for ante, win_ante in ((1, 8), (2, 8), (8, 8), (4, 4), (9, 8), (16, 8), (0, 8)):
        run.ante, run.win_ante = ante, win_ante
        run.bosses_used = {}
        expected = _fewest_bosses(game, ante, win_ante, {})
        boss = choose_boss(game)
        assert plugins.cache[("boss pool", ante, win_ante)] == expected
        assert boss in expected and run.bosses_used == {boss: 1}
    showdowns = {b.key for b in plugins.all(BlindType) if b.kind == "showdown"}
    assert set(plugins.cache[("boss pool", 8, 8)]) == showdowns
    assert not showdowns & set(plugins.cache[("boss pool", 9, 8)])


def test_bosses_used_are_worked_out_not_kept() -> None:
    game = Game(seed="USED", plugins=Plugins())
    run = game.run
    kept = set(game.plugins.cache)
    everyone = _fewest_bosses(game, 1, 8, {})
    run.bosses_used = {key: 1 for key in everyone[1:]}  # all but the first used once
    assert choose_boss(game) == everyone[0]  # the least used, whatever the roll
    assert set(game.plugins.cache) == kept


def _weigher(favourite: str) -> Plugins:
    """A joker that weighs every blind but ``favourite`` 0."""

    def joker_modify_weights(game: Any, joker: Any, pool: str, items: Any, weights: Any) -> Any:
        if pool != "Blind":
            return None
        return [w if key == favourite else 0.0 for key, w in zip(items, weights, strict=True)]

    joker = JokerType(key="j_test_weigher", name="Weigher", effect="A test.")
    module = plugin_module("j_test_weigher", joker, joker_modify_weights=joker_modify_weights)
    return Plugins(plugins=[module], entry_points=False)


def test_the_kept_candidates_are_still_weighed_by_the_jokers() -> None:
    plugins = _weigher("bl_hook")
    game = Game(seed="WEIGH", plugins=plugins)
    cached = plugins.cache[("boss pool", 1, 8)]
    assert "bl_hook" in cached and len(cached) > 2
    game.add_joker("j_test_weigher")
    for _ in range(5):  # the cached path (no boss used), weighed: always the favourite
        game.run.bosses_used = {}
        assert choose_boss(game) == "bl_hook"
    assert plugins.cache[("boss pool", 1, 8)] == cached  # the kept tuple is unchanged


def test_voucher_pools_follow_what_is_owned_and_on_sale() -> None:
    plugins = Plugins()
    game = Game(seed="VOUCH", plugins=plugins)
    plain = _voucher_pool(game, [], [])
    assert plain is not None and "v_overstock_norm" in plain and "v_overstock_plus" not in plain
    owned = _voucher_pool(game, ["v_overstock_norm"], [])
    assert owned is not None
    assert "v_overstock_norm" not in owned and "v_overstock_plus" in owned
    on_sale = _voucher_pool(game, [], ["v_clearance_sale"])
    assert on_sale is not None and "v_clearance_sale" not in on_sale
    assert _voucher_pool(game, [], []) == plain  # asked again in another order: each its own
    assert len(plain) == len(owned) == len(on_sale)  # placeholders keep the indices
    everything = [v.key for v in plugins.all(VoucherType)]
    assert _voucher_pool(game, everything, []) is None
    game.run.vouchers = list(everything)
    assert next_voucher(game) is None


def test_voucher_pools_kept_are_bounded() -> None:
    plugins = Plugins()
    game = Game(seed="BOUND", plugins=plugins)
    keys = [v.key for v in plugins.all(VoucherType)]
    for n in range(blinds._VOUCHER_POOLS_KEPT + 40):
        _voucher_pool(game, [keys[n % len(keys)]], [keys[(n // len(keys)) % len(keys)]] * (n // 64))
    assert len(plugins.cache["voucher pools"]) <= blinds._VOUCHER_POOLS_KEPT


def test_a_change_of_plugin_set_drops_the_kept_pools() -> None:
    plugins = Plugins()
    Game(seed="CHANGE", plugins=plugins).close()
    assert ("boss pool", 1, 8) in plugins.cache and "voucher pools" in plugins.cache
    boss = BlindType(key="bl_t_cached", name="The Cached", kind="boss", min_ante=1)
    voucher = VoucherType(key="v_t_cached", name="Cached Voucher", cost=10)
    plugins.register(plugin_module("t_cached_boss", boss))
    plugins.register(plugin_module("t_cached_voucher", voucher))
    game = Game(seed="CHANGE", plugins=plugins)
    assert "bl_t_cached" in plugins.cache[("boss pool", 1, 8)]
    pool = _voucher_pool(game, [], [])
    assert pool is not None and "v_t_cached" in pool
    plugins.unregister("t_cached_boss")
    Game(seed="CHANGE", plugins=plugins).close()
    assert "bl_t_cached" not in plugins.cache[("boss pool", 1, 8)]

"""Consumable sets as content: the game's Tarot, Planet and Spectral sets, and a mod's.

A set (:class:`ConsumableSetType`) gives its cards a shop rate, a pool (empty-pool
fallback, souls) and a use counter (``consumable_set_used``); a mod's set is offered in
the shop after the game's kinds, drawn by ``create_consumable_from_pool``, held in packs,
saved and cloned like the game's.
"""

from __future__ import annotations

import json
import types
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import Buy, CashOut, Use
from balatro_ecs.game.jokers import Consumable
from balatro_ecs.game.pools import (
    consumable_pool,
    consumable_sets,
    draw_consumable,
    set_shop_rate,
    shop_rate,
)
from balatro_ecs.game.run.packs import open_pack
from balatro_ecs.game.run.shop import redeem_voucher, shop_card
from balatro_ecs.kernel.content import BoosterType, ConsumableSetType, ConsumableType, JokerType
from balatro_ecs.kernel.errors import ContentError, PluginError, SaveError, UnknownNameError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import pack_consumable
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.properties import assert_survives_save
from balatro_ecs.tools.testing.runs import play_blind, win_round
from balatro_ecs_vanilla import reference

#: The game's empty-pool fallbacks (rules.toml).
FALLBACKS = reference.table("rules")["shop"]["empty_pool_fallbacks"]
VANILLA = Plugins(entry_points=False, config=False)
RUNE = "Rune"
RUNES = ("c_test_rune_fehu", "c_test_rune_uruz", "c_test_rune_ansuz")
USED: list[tuple[str, str]] = []  # what the Rune set's consumable_set_used saw


def _rune_modules(**set_fields: Any) -> list[types.ModuleType]:
    """The Rune set (rate 3), three Runes ($1, $2, $3 when used) and a Rune Pack."""
    fields: dict[str, Any] = {"shop_rate": 3, "effect": "Runes: small sums of money."}
    fields.update(set_fields)
    rune_set = ConsumableSetType(key="set_test_rune", name=RUNE, **fields)

    def counted(game: Game, card_set: ConsumableSetType, consumable: Consumable) -> None:
        USED.append((card_set.key, consumable.key))

    modules = [plugin_module("test_rune_set", rune_set, consumable_set_used=counted)]
    for n, key in enumerate(RUNES, 1):
        card = ConsumableType(key=key, name=key[12:].title(), set=RUNE, order=n, effect=f"${n}")

        def use(game: Game, consumable: Consumable, targets: Any, dollars: int = n) -> None:
            game.earn(dollars, consumable.name)

        modules.append(
            plugin_module(
                f"test_{key}",
                card,
                consumable_can_use=lambda game, consumable, targets: True,
                consumable_use=use,
            )
        )
    pack = BoosterType(key="p_test_runes", name="Rune Pack", cards=2, effect="Two Runes.")

    def rune_card(game: Game, booster: BoosterType, index: int) -> Any:
        return pack_consumable(game, RUNE, "run")

    modules.append(plugin_module("test_rune_pack", pack, booster_card=rune_card))
    return modules


def _plugins(*extra: Any, **set_fields: Any) -> Plugins:
    return Plugins(plugins=[*_rune_modules(**set_fields), *extra], entry_points=False, config=False)


@pytest.fixture(scope="module")
def runes() -> Plugins:
    return _plugins()


def _only(game: Game, card_set: str | None) -> None:
    """Every shop card of ``game`` from ``card_set`` (``None``: jokers only)."""
    run = game.run
    run.joker_rate = 1.0 if card_set is None else 0.0
    run.tarot_rate = run.planet_rate = run.spectral_rate = run.playing_card_rate = 0.0
    for item in consumable_sets(game.plugins).sets:
        if item.shop_rate_field == "":
            set_shop_rate(game, item.name, 0)
    if card_set is not None:
        set_shop_rate(game, card_set, 5)


# ---------------------------------------------------------------------------------------
# the game's sets
# ---------------------------------------------------------------------------------------


def test_the_three_vanilla_sets_are_content_with_the_games_numbers() -> None:
    sets = consumable_sets(VANILLA)
    found = [(s.key, s.name, s.order, s.shop_rate_field) for s in sets.sets]
    assert found == [
        ("set_tarot", "Tarot", 2, "tarot_rate"),
        ("set_planet", "Planet", 3, "planet_rate"),
        ("set_spectral", "Spectral", 5, "spectral_rate"),
    ]
    # the shop's walk: jokers, Tarot, Planet, playing cards (None), Spectral
    assert [s.name if s else None for s in sets.shop] == ["Tarot", "Planet", None, "Spectral"]
    for item in sets.sets:
        assert sets.fallback(item.name) == FALLBACKS[item.name]
        assert VANILLA.hooks_of(item.key) == ["consumable_set_used"]
    assert [sets.souls(name) for name in ("Tarot", "Planet", "Spectral")] == [
        ("c_soul",),
        ("c_black_hole",),
        ("c_soul", "c_black_hole"),
    ]
    assert len(sets.cards["Tarot"]) == 22 and len(sets.cards["Planet"]) == 12
    game = Game(seed="RATES")
    assert [shop_rate(game, s) for s in sets.sets] == [s.shop_rate for s in sets.sets]


def test_vouchers_and_decks_still_set_the_vanilla_rates() -> None:
    game = Game(seed="MERCHANT")
    tarot = VANILLA.find(ConsumableSetType, "Tarot")
    redeem_voucher(game, "v_tarot_merchant")
    assert shop_rate(game, tarot) == game.run.tarot_rate == pytest.approx(9.6)
    ghost = Game(seed="GHOST", deck="Ghost Deck")
    assert shop_rate(ghost, VANILLA.find(ConsumableSetType, "Spectral")) == 2
    set_shop_rate(game, "set_planet", 7)  # by key or name: the run field changes
    assert game.run.planet_rate == 7 and game.run.shop_rates == {}


def test_the_vanilla_counters_are_kept_by_the_sets_plugins() -> None:
    game = Game(seed="COUNTERS")
    for key in ("c_pluto", "c_mars", "c_pluto", "c_hermit", "c_fool", "c_immolate"):
        if key == "c_immolate":
            continue  # it needs cards in hand; counted below through the hook itself
        game.add_consumable(key)
        game.apply(Use(len(game.consumables) - 1))
    run = game.run
    assert run.planets_used == ["c_pluto", "c_mars"]  # each Planet once
    assert run.tarots_used == 2  # The Hermit and The Fool
    assert run.last_tarot_planet == "c_hermit"  # The Fool is never the last one
    used = VANILLA.impl("consumable_set_used", "set_spectral")
    assert used is not None
    used(game, VANILLA.find(ConsumableSetType, "Spectral"), game.new_consumable("c_immolate"))
    assert run.spectrals_used == 1


# ---------------------------------------------------------------------------------------
# a mod's set
# ---------------------------------------------------------------------------------------


def test_a_mod_set_comes_after_the_games_kinds(runes: Plugins) -> None:
    sets = consumable_sets(runes)
    assert [s.name if s else None for s in sets.shop] == [
        "Tarot",
        "Planet",
        None,
        "Spectral",
        RUNE,
    ]
    assert [c.key for c in sets.cards[RUNE]] == list(RUNES)
    assert sets.fallback(RUNE) == RUNES[0]  # none declared: the set's first card
    assert sets.name_of("set_test_rune") == RUNE


def test_the_shop_offers_a_mod_sets_cards_at_its_rate(runes: Plugins) -> None:
    game = Game(seed="RUNESHOP", plugins=runes)
    rune_set = runes.find(ConsumableSetType, RUNE)
    assert shop_rate(game, rune_set) == 3  # as declared, until changed
    _only(game, RUNE)
    assert game.run.shop_rates == {"set_test_rune": 5.0}
    made = [shop_card(game) for _ in range(3)]
    assert all(isinstance(c, Consumable) and c.type.set == RUNE for c in made)
    counts = {RUNE: 0, "other": 0}
    game = Game(seed="RUNESHOP2", plugins=runes)
    for _ in range(300):
        item = shop_card(game)
        is_rune = isinstance(item, Consumable) and item.type.set == RUNE
        counts[RUNE if is_rune else "other"] += 1
        game.drop_offer(item)
    assert 20 < counts[RUNE] < 70  # 3 in 31 (jokers 20, Tarot 4, Planet 4, Rune 3): ~29


def test_a_mod_set_with_no_rate_leaves_the_games_shop_draws_unchanged() -> None:
    quiet = _plugins(shop_rate=0)

    def shop_keys(plugins: Plugins) -> list[str]:
        game = Game(seed="SAMEDRAWS", plugins=plugins)
        out = []
        for _ in range(60):
            item = shop_card(game)
            out.append(getattr(item, "key", None) or repr(item))
            game.drop_offer(item)
        return out

    assert shop_keys(quiet) == shop_keys(VANILLA)


def test_a_mod_set_is_bought_used_and_counted(runes: Plugins) -> None:
    USED.clear()
    game = Game(seed="RUNEBUY", plugins=runes)
    play_blind(game)
    win_round(game)
    _only(game, RUNE)
    game.apply(CashOut())
    assert all(isinstance(c, Consumable) and c.type.set == RUNE for c in game.shop)
    bought = game.shop[0]
    game.apply(Buy(0))
    dollars = game.run.dollars
    game.apply(Use(0))
    assert game.run.dollars == dollars + RUNES.index(bought.key) + 1
    assert [("set_test_rune", bought.key)] == USED


def test_create_consumable_from_pool_draws_a_mod_set(runes: Plugins) -> None:
    game = Game(seed="RUNEPOOL", plugins=runes)
    pool, stream = consumable_pool(game, RUNE, "tst")
    assert (pool, stream) == (list(RUNES), "Runetst1")
    made = [game.create_consumable_from_pool(RUNE, "tst") for _ in range(3)]
    assert sorted(c.key for c in made) == sorted(RUNES)  # owned ones are skipped
    assert draw_consumable(game, RUNE, "tst") == RUNES[0]  # an empty pool: the fallback
    assert game.create_consumable_from_pool("set_test_rune").key == RUNES[0]


def test_a_mod_sets_pack_holds_its_cards(runes: Plugins) -> None:
    game = Game(seed="RUNEPACK", plugins=runes)
    open_pack(game, "p_test_runes")
    assert len(game.pack) == 2
    keys = [item.key for item in game.pack]  # type: ignore[union-attr]
    assert set(keys) <= set(RUNES) and keys[0] != keys[1]


def test_saves_and_clones_keep_a_mod_sets_cards_rates_and_pack(runes: Plugins) -> None:
    game = Game(seed="RUNESAVE", plugins=runes)
    game.add_consumable(RUNES[1])
    set_shop_rate(game, RUNE, 8)
    open_pack(game, "p_test_runes")
    assert_survives_save(game)
    loaded = Game.from_json(game.to_json(), runes)
    assert loaded.run.shop_rates == {"set_test_rune": 8.0}
    assert [c.key for c in loaded.consumables] == [RUNES[1]]
    clone = game.clone()
    clone.run.shop_rates["set_test_rune"] = 1.0
    assert game.run.shop_rates == {"set_test_rune": 8.0}  # the clone's own


def test_a_save_with_a_mod_sets_rate_needs_the_set(runes: Plugins) -> None:
    game = Game(seed="RUNEDAMAGE", plugins=runes)
    set_shop_rate(game, RUNE, 8)
    data = json.loads(game.to_json())
    data["run"]["shop_rates"] = {"set_test_rune": -1}
    with pytest.raises(SaveError, match=r"shop_rates\.set_test_rune"):
        Game.from_json(json.dumps(data), runes)
    data["run"]["shop_rates"] = {"set_test_gone": 1}
    with pytest.raises(SaveError, match="set_test_gone"):
        Game.from_json(json.dumps(data), runes)


def test_a_mod_joker_makes_a_mod_set_free() -> None:
    patron = JokerType(key="j_test_rune_patron", name="Rune Patron", effect="Runes are free.")

    def joker_rules(joker: Any, rules: Any) -> None:
        rules.free_consumable_sets |= {RUNE}

    plugins = _plugins(plugin_module("test_rune_patron", patron, joker_rules=joker_rules))
    game = Game(seed="RUNEFREE", plugins=plugins)
    _only(game, RUNE)
    offered = shop_card(game)
    assert isinstance(offered, Consumable) and offered.buy_cost > 0
    game.shop.append(offered)
    game.add_joker("j_test_rune_patron")
    assert game.rules.free_consumable_sets == {RUNE}  # the shop is re-costed at once
    assert offered.buy_cost == 0
    assert game.new_consumable("c_pluto").buy_cost > 0


# ---------------------------------------------------------------------------------------
# mistakes
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"shop_rate": -1}, "shop_rate must be a number >= 0"),
        ({"shop_rate": True}, "shop_rate must be a number >= 0"),
        ({"fallback": 3}, "fallback must be a string"),
        ({"souls": ("",)}, "souls must be consumable keys"),
    ],
)
def test_a_wrongly_declared_set_names_its_key_and_field(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(ContentError, match=f"consumable set 'set_test_bad': {message}"):
        ConsumableSetType(key="set_test_bad", name="Bad", **fields)


def test_a_rate_field_the_run_lacks_is_named() -> None:
    plugins = _plugins(shop_rate_field="rune_rate")
    with pytest.raises(ContentError, match=r"set_test_rune.*shop_rate_field 'rune_rate'"):
        consumable_sets(plugins)


def test_a_fallback_that_is_no_card_is_named() -> None:
    plugins = _plugins(fallback="c_test_nothing")
    with pytest.raises(ContentError, match=r"set_test_rune.*fallback 'c_test_nothing'"):
        consumable_sets(plugins)


def test_two_sets_of_one_name_are_refused() -> None:
    twin = ConsumableSetType(key="set_test_twin", name="Tarot", effect="A second Tarot set.")
    with pytest.raises(PluginError, match=r"'Tarot' is ambiguous: 'set_tarot'.*'set_test_twin'"):
        Plugins(plugins=[plugin_module("test_twin", twin)], entry_points=False, config=False)


def test_an_unknown_set_is_named_with_the_known_ones(runes: Plugins) -> None:
    game = Game(seed="UNKNOWN", plugins=runes)
    with pytest.raises(UnknownNameError, match=r"consumable set.*'Runes'"):
        game.create_consumable_from_pool("Runes")
    with pytest.raises(UnknownNameError, match="consumable set"):
        set_shop_rate(game, "Glyph", 1)
    with pytest.raises(ContentError, match="shop rate must be a number >= 0"):
        set_shop_rate(game, RUNE, -2)


def test_consumable_set_used_needs_a_set_declaration() -> None:
    joker = JokerType(key="j_test_counter", name="Counter", effect="Not a set.")
    module = plugin_module("test_counter", joker, consumable_set_used=lambda game: None)
    with pytest.raises(PluginError, match=r"consumable_set_used.*not a consumable set"):
        Plugins(plugins=[module], entry_points=False, config=False)

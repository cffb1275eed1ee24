"""Booster pack kinds as plugins: what a pack holds is its plugin's ``booster_card``.

The game's five kinds are vanilla modules (``balatro_ecs_vanilla.boosters.*``) making the
same draws in the same order as before (the conformance and trajectory tests hold them to
the game); a mod's pack is opened, picked from, skipped, sold and saved like them.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import BuyPack, CashOut, Pick, SkipPack
from balatro_ecs.game.cards import Card
from balatro_ecs.game.jokers import Consumable, Joker
from balatro_ecs.game.run.packs import open_pack
from balatro_ecs.game.run.shop import choose_pack, pack_price, redeem_voucher
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.content import BoosterType, JokerType
from balatro_ecs.kernel.enums import Enhancement, HandType
from balatro_ecs.kernel.errors import ContentError, PluginError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import pack_consumable, pack_joker
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.properties import assert_survives_save
from balatro_ecs.tools.testing.runs import play_blind, win_round

CORE = Path(__file__).resolve().parent.parent / "balatro_ecs"
VANILLA = Plugins(entry_points=False, config=False)
KINDS = ("Arcana", "Celestial", "Spectral", "Standard", "Buffoon")


def _to_shop(game: Game, dollars: int = 100) -> Game:
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    game.run.dollars = dollars
    return game


def _jester_card(game: Game, booster: BoosterType, index: int) -> Any:
    """A Jester Pack: its first card a joker, the others Planets."""
    if index == 0:
        return pack_joker(game, "jes")
    return pack_consumable(game, "Planet", "jes")


JESTER = BoosterType(
    key="p_test_jester",
    name="Jester Pack",
    cards=3,
    choose=2,
    cost=5,
    weight=0.5,
    effect="A joker and two Planets; take two.",
)


@pytest.fixture(scope="module")
def jester() -> Plugins:
    return Plugins(
        plugins=[plugin_module("test_jester_pack", JESTER, booster_card=_jester_card)],
        entry_points=False,
        config=False,
    )


# ---------------------------------------------------------------------------------------
# the game's packs
# ---------------------------------------------------------------------------------------


def test_the_32_vanilla_packs_are_plugins_one_module_per_kind() -> None:
    boosters = list(VANILLA.all(BoosterType))
    assert len(boosters) == 32
    assert {b.kind for b in boosters} == set(KINDS)
    owners = VANILLA.owners()
    for booster in boosters:
        assert VANILLA.hooks_of(booster.key) == ["booster_card"]
        assert owners[booster.key].startswith("balatro_ecs_vanilla.boosters.")
    dealing = {b.kind for b in boosters if b.deals_hand}
    assert dealing == {"Arcana", "Spectral"}
    first = [b.key for b in boosters if b.first_shop]
    assert first == ["p_buffoon_normal_1", "p_buffoon_normal_2"]


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_holds_its_cards_and_the_hand_packs_deal_a_hand(kind: str) -> None:
    game = Game(seed=f"KIND{kind}")
    booster = next(b for b in VANILLA.all(BoosterType) if b.kind == kind and b.size == "mega")
    open_pack(game, booster.key)
    assert game.phase is Phase.PACK and len(game.pack) == booster.cards >= 4
    assert game.pack_picks == booster.choose == 2
    assert bool(game.hand) is booster.deals_hand
    expected: dict[str, type | str] = {
        "Buffoon": Joker,
        "Standard": Card,
        "Celestial": "Planet",
        "Spectral": "Spectral",
        "Arcana": "Tarot",
    }
    for item in game.pack:
        want = expected[kind]
        if isinstance(want, str):
            assert isinstance(item, Consumable)
            assert item.type.set in (want, "Spectral")  # The Soul in an Arcana pack
        else:
            assert isinstance(item, want)
    game.apply(SkipPack())
    assert game.phase is Phase.BLIND_SELECT and not game.hand


def test_the_first_shop_offers_a_normal_buffoon_pack_first() -> None:
    game = _to_shop(Game(seed="FIRSTSHOP"))
    assert game.shop_packs[0] == "p_buffoon_normal_1"


def test_telescope_makes_the_first_celestial_card_the_most_played_hands_planet() -> None:
    game = Game(seed="TELESCOPE")
    game.run.hands[HandType.FOUR_OF_A_KIND].played = 4
    game.run.hands[HandType.PAIR].played = 2
    redeem_voucher(game, "v_telescope")
    open_pack(game, "p_celestial_normal_1")
    assert isinstance(game.pack[0], Consumable)
    assert (game.pack[0].type.set, game.pack[0].type.hand) == ("Planet", "Four of a Kind")


def test_astronomer_makes_celestial_packs_and_planets_free() -> None:
    game = _to_shop(Game(seed="ASTRO"))
    celestial = VANILLA.find(BoosterType, "p_celestial_jumbo_1")
    arcana = VANILLA.find(BoosterType, "p_arcana_normal_1")
    assert pack_price(game, celestial) == game.price(celestial.cost) > 0
    game.add_joker("j_astronomer")
    assert game.rules.free_booster_kinds == frozenset({"Celestial"})
    assert game.rules.free_consumable_sets == frozenset({"Planet"})
    assert pack_price(game, celestial) == 0
    assert pack_price(game, arcana) == game.price(arcana.cost)
    assert game.new_consumable("c_pluto").buy_cost == 0
    assert game.new_consumable("c_fool").buy_cost > 0


def test_the_core_names_no_pack_kind_and_no_consumable_set() -> None:
    names = "|".join((*KINDS, "Tarot", "Planet"))
    branch = re.compile(rf'(==|!=|\bin) \(?"({names})"')
    for path in (
        CORE / "game" / "run" / "packs.py",
        CORE / "game" / "run" / "shop.py",
        CORE / "game" / "run" / "cards_for_sale.py",
        CORE / "game" / "game.py",
        CORE / "game" / "rules.py",
    ):
        text = path.read_text("utf-8")
        assert not branch.search(text), f"{path.name} branches on a pack kind or set"
        assert "free_planets" not in text


# ---------------------------------------------------------------------------------------
# a mod's pack
# ---------------------------------------------------------------------------------------


def test_a_mod_pack_is_declared_with_its_kind_defaulting_to_its_name(jester: Plugins) -> None:
    booster = jester.find(BoosterType, "Jester Pack")
    assert (booster.key, booster.kind, booster.deals_hand, booster.first_shop) == (
        "p_test_jester",
        "Jester Pack",
        False,
        False,
    )
    assert jester.hooks_of("p_test_jester") == ["booster_card"]


def test_a_mod_pack_is_bought_opened_and_picked_from(jester: Plugins) -> None:
    game = _to_shop(Game(seed="JESTER", plugins=jester))
    game.shop_packs = ["p_test_jester"]
    dollars = game.run.dollars
    game.apply(BuyPack(0))
    assert game.run.dollars == dollars - game.price(5)
    assert game.phase is Phase.PACK and game.pack_picks == 2
    kinds = [type(item) for item in game.pack]
    assert kinds == [Joker, Consumable, Consumable]
    planets = [item for item in game.pack if isinstance(item, Consumable)]
    assert all(p.type.set == "Planet" for p in planets)
    assert planets[0].key != planets[1].key  # the first is in play when the second is drawn
    joker = game.pack[0]
    game.apply(Pick(0))
    assert game.jokers == [joker]
    game.apply(Pick(0))  # a Planet: used at once
    assert game.phase is Phase.SHOP and not game.pack
    assert game.run.planets_used == [planets[0].key]


def test_a_mod_pack_draws_on_its_own_streams_reproducibly(jester: Plugins) -> None:
    def opened(seed: str) -> list[str]:
        game = Game(seed=seed, plugins=jester)
        open_pack(game, "p_test_jester")
        return [item.key for item in game.pack]  # type: ignore[union-attr]

    assert opened("SAME") == opened("SAME")
    assert len({tuple(opened(f"SEED{n}")) for n in range(6)}) > 1


def test_a_mod_pack_survives_save_and_clone_while_open(jester: Plugins) -> None:
    game = Game(seed="JESTERSAVE", plugins=jester)
    open_pack(game, "p_test_jester")
    assert_survives_save(game)
    loaded = Game.from_json(game.to_json(), jester)
    assert loaded.pack_key == "p_test_jester"
    assert [i.key for i in loaded.pack] == [i.key for i in game.pack]  # type: ignore[union-attr]


def test_the_shop_draws_a_mod_pack_by_weight(jester: Plugins) -> None:
    heavy = replace(JESTER, weight=1e9)
    plugins = Plugins(
        plugins=[plugin_module("test_heavy_jester", heavy, booster_card=_jester_card)],
        entry_points=False,
        config=False,
    )
    game = Game(seed="HEAVY", plugins=plugins)
    game.run.first_shop_buffoon = True
    assert choose_pack(game) == "p_test_jester"


def test_a_mod_pack_may_be_the_first_shops_pack_when_the_games_are_blocked() -> None:
    first = replace(JESTER, first_shop=True)
    module = plugin_module("test_first_jester", first, booster_card=_jester_card)
    with_vanilla = Plugins(plugins=[module], entry_points=False, config=False)
    assert choose_pack(Game(seed="FIRST", plugins=with_vanilla)) == "p_buffoon_normal_1"
    blocked = Plugins(
        plugins=[module],
        entry_points=False,
        config=False,
        block=["p_buffoon_normal_1", "p_buffoon_normal_2"],
    )
    assert choose_pack(Game(seed="FIRST", plugins=blocked)) == "p_test_jester"


def test_a_mod_kind_is_made_free_by_a_mod_jokers_rules(jester: Plugins) -> None:
    patron = JokerType(key="j_test_patron", name="Patron", effect="Jester Packs are free.")

    def joker_rules(joker: Any, rules: Any) -> None:
        rules.free_booster_kinds |= {"Jester Pack"}

    plugins = Plugins(
        plugins=[
            plugin_module("test_jester_pack2", JESTER, booster_card=_jester_card),
            plugin_module("test_patron", patron, joker_rules=joker_rules),
        ],
        entry_points=False,
        config=False,
    )
    game = Game(seed="PATRON", plugins=plugins)
    booster = plugins.find(BoosterType, "p_test_jester")
    assert pack_price(game, booster) == game.price(5)
    game.add_joker("j_test_patron")
    assert pack_price(game, booster) == 0


def test_a_pack_that_deals_a_hand_lets_its_cards_target_cards() -> None:
    magician = BoosterType(
        key="p_test_magic", name="Magic Pack", cards=2, deals_hand=True, effect="Magicians."
    )

    def card(game: Game, booster: BoosterType, index: int) -> Any:
        return pack_consumable(game, "Tarot", "mag", forced="c_magician")

    plugins = Plugins(
        plugins=[plugin_module("test_magic_pack", magician, booster_card=card)],
        entry_points=False,
        config=False,
    )
    game = Game(seed="MAGIC", plugins=plugins)
    open_pack(game, "p_test_magic")
    assert len(game.hand) == game.hand_size
    targets = game.hand[:2]
    game.apply(Pick(0, (0, 1)))
    assert [card.enhancement for card in targets] == [Enhancement.LUCKY, Enhancement.LUCKY]
    assert game.phase is Phase.BLIND_SELECT and not game.hand  # the hand went back


# ---------------------------------------------------------------------------------------
# mistakes
# ---------------------------------------------------------------------------------------


def test_a_pack_without_booster_card_says_so_when_opened() -> None:
    bare = BoosterType(key="p_test_bare", name="Bare Pack", effect="Nothing yet.")
    plugins = Plugins(plugins=[plugin_module("test_bare", bare)], entry_points=False, config=False)
    game = Game(seed="BARE", plugins=plugins)
    with pytest.raises(ContentError, match=r"p_test_bare.*no booster_card hook"):
        open_pack(game, "p_test_bare")


def test_a_booster_card_returning_something_else_is_named() -> None:
    odd = BoosterType(key="p_test_odd", name="Odd Pack", effect="Strings.")
    plugins = Plugins(
        plugins=[
            plugin_module("test_odd", odd, booster_card=lambda game, booster, index: "c_fool")
        ],
        entry_points=False,
        config=False,
    )
    game = _to_shop(Game(seed="ODD", plugins=plugins))
    game.shop_packs = ["p_test_odd"]
    before = game.to_json()
    with pytest.raises(ContentError, match=r"p_test_odd.*booster_card returned"):
        game.apply(BuyPack(0))
    assert game.to_json() == before  # the action was undone


def test_booster_card_needs_a_booster_declaration() -> None:
    joker = JokerType(key="j_test_packer", name="Packer", effect="Not a pack.")
    module = plugin_module("test_packer", joker, booster_card=_jester_card)
    with pytest.raises(PluginError, match=r"booster_card.*not a booster"):
        Plugins(plugins=[module], entry_points=False, config=False)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"cards": 0}, "cards must be an int >= 1"),
        ({"choose": 1.5}, "choose must be an int >= 1"),
        ({"cost": -1}, "cost must be an int >= 0"),
        ({"weight": -1}, "weight must be a number >= 0"),
        ({"kind": 3}, "kind must be a string"),
    ],
)
def test_a_wrongly_declared_booster_names_its_key_and_field(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(ContentError, match=f"booster 'p_test_bad': {message}"):
        BoosterType(key="p_test_bad", name="Bad Pack", **fields)

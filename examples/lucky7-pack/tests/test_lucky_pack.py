"""The Charm set and the Lucky Pack: a new consumable set and a booster pack holding it.

Run with ``pytest`` in this folder, like the pack's other tests.
"""

from __future__ import annotations

import lucky7_pack
from balatro_ecs.actions import BuyPack, CashOut, EndShop, Pick, Reroll, Use
from balatro_ecs.testing.properties import assert_survives_save
from balatro_ecs.testing.runs import play_blind, win_round

from balatro_ecs import Game, Plugins
from balatro_ecs.game.jokers import Consumable
from balatro_ecs.game.pools import consumable_sets
from balatro_ecs.game.run.packs import open_pack
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.content import BoosterType, ConsumableSetType
from balatro_ecs.kernel.enums import Enhancement

PLUGINS = Plugins(plugins=[lucky7_pack], entry_points=False, config=False)
CHARMS = {"c_lucky7_rabbit_foot", "c_lucky7_four_leaf", "c_lucky7_wishbone"}


def _to_shop(game: Game) -> Game:
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    game.run.dollars = 100
    return game


def _open_lucky_pack(seed: str) -> Game:
    game = _to_shop(Game(seed=seed, plugins=PLUGINS))
    game.shop_packs = ["p_lucky7_lucky"]  # the shop's pack slots, as if drawn
    game.apply(BuyPack(0))
    return game


def test_the_charm_set_comes_after_the_games_sets_in_the_shop() -> None:
    charm = PLUGINS.find(ConsumableSetType, "Charm")
    assert (charm.key, charm.shop_rate) == ("set_lucky7_charm", 2)
    sets = consumable_sets(PLUGINS)
    assert [s.name if s else None for s in sets.shop][-1] == "Charm"
    assert {c.key for c in sets.cards["Charm"]} == CHARMS
    pack = PLUGINS.find(BoosterType, "Lucky Pack")
    assert (pack.kind, pack.cards, pack.choose, pack.deals_hand) == ("Lucky", 3, 1, True)


def test_a_lucky_pack_deals_a_hand_and_holds_three_different_charms() -> None:
    game = _open_lucky_pack("LUCKYPACK")
    assert game.phase is Phase.PACK and len(game.hand) == game.hand_size
    keys = [item.key for item in game.pack]  # type: ignore[union-attr]
    assert set(keys) == CHARMS


def test_four_leaf_clover_makes_a_clover_card_and_wishbone_makes_sevens() -> None:
    game = _open_lucky_pack("LUCKYPACK")
    keys = [item.key for item in game.pack]  # type: ignore[union-attr]
    four_leaf = keys.index("c_lucky7_four_leaf")
    assert not game.can(Pick(four_leaf, (0, 1)))  # one card only
    target = game.hand[0]
    game.apply(Pick(four_leaf, (0,)))
    assert target.enhancement == Enhancement.LUCKY7_CLOVER
    assert game.phase is Phase.SHOP and not game.hand  # the hand went back to the deck

    game.add_consumable("c_lucky7_wishbone")
    game.apply(EndShop())
    play_blind(game)
    cards = game.hand[:2]
    game.apply(Use(0, (0, 1)))
    assert [card.rank for card in cards] == [7, 7]


def test_rabbits_foot_pays_seven_dollars() -> None:
    game = Game(seed="RABBIT", plugins=PLUGINS)
    game.add_consumable("c_lucky7_rabbit_foot")
    dollars = game.run.dollars
    game.apply(Use(0))
    assert game.run.dollars == dollars + 7


def test_seeded_shops_offer_charms_and_lucky_packs() -> None:
    """Charms (rate 2) and Lucky Packs (weight 1) turn up in seeded shops."""
    charms: set[str] = set()
    packs: set[str] = set()
    for n in range(20):
        game = Game(seed=f"CHARMSHOP{n}", plugins=PLUGINS)
        for _ in range(3):
            _to_shop(game)
            packs |= set(game.shop_packs)
            for _ in range(3):
                charms |= {c.key for c in game.shop if isinstance(c, Consumable)} & CHARMS
                game.apply(Reroll())
            game.apply(EndShop())
        if charms and "p_lucky7_lucky" in packs:
            break
    assert charms, "no Charm in any shop"
    assert "p_lucky7_lucky" in packs, "no Lucky Pack in any shop"


def test_an_open_lucky_pack_survives_a_save_and_a_clone() -> None:
    game = Game(seed="LUCKYSAVE", plugins=PLUGINS)
    game.add_consumable("c_lucky7_rabbit_foot")
    open_pack(game, "p_lucky7_lucky")
    assert_survives_save(game)

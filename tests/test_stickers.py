"""Stickers as plugins: the game's Eternal, Rental and Perishable, and a sticker a mod adds.

The vanilla stickers must roll, act and save exactly as the game's (stakes.toml: one
``etperpoll`` draw shared by Eternal and Perishable, a separate ``ssjr`` draw for Rental);
a mod's sticker is declared with a ``StickerType`` and acts through ``sticker_*`` hooks,
and is rolled, saved, cloned and undone like the game's.
"""

from __future__ import annotations

import hashlib
import json
import types
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import (
    ACTION_SPACE,
    BuyPack,
    CashOut,
    EndShop,
    Play,
    Reroll,
    SelectBlind,
    Sell,
    SkipPack,
)
from balatro_ecs.game.describe import describe_stickers
from balatro_ecs.game.jokers import Joker
from balatro_ecs.game.run.cards_for_sale import make_joker
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import JokerType, StickerType
from balatro_ecs.kernel.errors import (
    ContentError,
    HookError,
    IllegalActionError,
    SaveError,
    UnknownNameError,
)
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import Edition, Effect
from balatro_ecs.tools.seeds import Offer
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import win_round
from balatro_ecs.tools.trajectory import snapshot

ETERNAL, RENTAL, PERISHABLE = "sticker_eternal", "sticker_rental", "sticker_perishable"


def _glued() -> types.ModuleType:
    """Glued: rolled on its own stream for 4 in 10 shop and pack jokers (not Legendary);
    pays $1 at the end of each round for 3 rounds, then falls off; the joker costs $2 more
    and cannot be sold while glued."""
    sticker = StickerType(
        key="sticker_test_glued",
        name="Glued",
        effect="Pays $1 a round for 3 rounds; cannot be sold meanwhile.",
        description="Glued: pays $1 at the end of the round, {value} more times.",
        order=10,
    )

    def sticker_roll(game: Game, sticker: StickerType, roll: Any) -> Any:
        return True if roll.poll("tglue", "tpackglue") > 0.6 else None

    def sticker_apply(game: Game, sticker: StickerType, joker_type: JokerType, value: Any) -> Any:
        if joker_type.rarity == 4:
            return None  # a Legendary cannot be glued
        return 3 if value is True else value

    def sticker_end_of_round(game: Game, sticker: StickerType, joker: Joker) -> Effect:
        left = joker.stickers[sticker.key] - 1
        game.set_sticker(joker, sticker.key, left or None)
        return Effect(dollars=1)

    def sticker_blocks(game: Game, sticker: StickerType, joker: Joker, action: str) -> bool:
        return action == "sell"

    def sticker_price(game: Game, sticker: StickerType, joker: Joker, price: int) -> int:
        return price + 2

    return plugin_module(
        "test_glued",
        sticker,
        sticker_roll=sticker_roll,
        sticker_apply=sticker_apply,
        sticker_end_of_round=sticker_end_of_round,
        sticker_blocks=sticker_blocks,
        sticker_price=sticker_price,
    )


@pytest.fixture(scope="module")
def modded() -> Plugins:
    return Plugins(plugins=[_glued()], entry_points=False)


def _reroll_until(game: Game, found: Any, rerolls: int = 80) -> Joker:
    for _ in range(rerolls):
        for item in game.shop:
            if isinstance(item, Joker) and found(item):
                return item
        game.earn(game.run.reroll_price)
        game.apply(Reroll())
    raise AssertionError("not found in the shop")


def _to_shop(game: Game) -> Game:
    game.apply(SelectBlind())
    win_round(game)
    game.apply(CashOut())
    return game


def _win_with_a_hand(game: Game) -> None:
    """Select the blind and beat it with one card played (end of round inside the action)."""
    game.apply(SelectBlind())
    game.disable_blind()  # a boss might refuse the one card
    game.run.blind_chips = 1
    game.apply(Play((0,)))
    assert game.phase is Phase.CASH_OUT


# ---------------------------------------------------------------------------------------
# the game's three
# ---------------------------------------------------------------------------------------


def test_the_vanilla_stickers_are_plugins_of_the_vanilla_pack() -> None:
    plugins = Plugins(entry_points=False)
    assert [s.key for s in plugins.all(StickerType)] == [ETERNAL, RENTAL, PERISHABLE]
    assert [s.field for s in plugins.all(StickerType)] == ["eternal", "rental", "perishable"]
    owners = plugins.owners()
    assert owners[ETERNAL] == "balatro_ecs_vanilla.stickers.sticker_eternal"
    assert set(plugins.hooks_of(ETERNAL)) == {"sticker_roll", "sticker_apply", "sticker_blocks"}
    assert set(plugins.hooks_of(RENTAL)) == {
        "sticker_roll",
        "sticker_end_of_round",
        "sticker_price",
        "content_describe",  # the rent in its description
    }
    assert set(plugins.hooks_of(PERISHABLE)) == {
        "sticker_roll",
        "sticker_apply",
        "sticker_end_of_round",
        "content_describe",  # the rounds left in its description
    }


@pytest.mark.parametrize(("stake", "area", "streams"), [
    (8, Area.SHOP, ("etperpoll", "ssjr")),
    (8, Area.PACK, ("packetper", "packssjr")),
    (7, Area.SHOP, ("etperpoll", "ssjr")),
    (4, Area.PACK, ("packetper", "packssjr")),
])  # fmt: skip
def test_shop_and_pack_rolls_follow_the_stake_polls(
    stake: int, area: Area, streams: tuple[str, str]
) -> None:
    """stakes.toml: p = etperpoll<ante> (packetper in packs): > 0.7 Eternal, (0.4, 0.7]
    Perishable, each if the stake allows it and the joker is compatible; Rental on its own
    ssjr<ante> (packssjr) draw > 0.7, drawn only when the stake allows it."""
    game = Game(seed=f"POLLS{stake}", stake=stake)
    run = game.run
    probe = game.rng.copy()  # the two sticker streams, read on the side
    seen = set()
    for _ in range(120):
        joker = make_joker(game, area, "sho")
        p = probe.random(f"{streams[0]}{run.ante}")
        q = probe.random(f"{streams[1]}{run.ante}") if run.rentals_in_shop else 0.0
        eternal = run.eternals_in_shop and p > 0.7 and joker.type.eternal_compat
        perishable = run.perishables_in_shop and 0.4 < p <= 0.7 and joker.type.perishable_compat
        expected: dict[str, Any] = {}
        if eternal:
            expected[ETERNAL] = True
        if q > 0.7:
            expected[RENTAL] = True
        if perishable:
            expected[PERISHABLE] = run.perishable_rounds
        assert dict(joker.stickers) == expected
        assert list(joker.stickers) == list(expected)  # in the stickers' order
        seen.update(expected)
        game.world.delete(joker.entity)
    assert seen == {ETERNAL, RENTAL, PERISHABLE} if stake == 8 else seen
    assert (f"{streams[1]}{run.ante}" in game.rng.snapshot()) is run.rentals_in_shop


def test_the_white_stake_still_draws_the_shared_poll_but_not_the_rental_one() -> None:
    game = Game(seed="WHITEPOLL")
    joker = make_joker(game, Area.SHOP, "sho")
    assert not joker.stickers
    assert "etperpoll1" in game.rng.snapshot()  # the game draws it for every offer
    assert "ssjr1" not in game.rng.snapshot()


#: The shop and pack jokers (key, edition, stickers) of three seeds at Gold, Orange and
#: Black Stake over two antes of rerolls and packs, recorded with the engine before the
#: stickers became plugins (``_shop_jokers``): the draws must not move.
_RECORDED = "1ad86149e86f5f743bb1c2aae7dc1313d849059ede85d0475c2e652046d3ccec"


def _shop_jokers() -> list[Any]:
    out: list[Any] = []
    for seed, stake in (("STICKY1", 8), ("STICKY2", 7), ("STICKY3", 4)):
        game = Game(seed=seed, stake=stake)
        for _ in range(2):
            _to_shop(game)
            for _ in range(12):
                for item in snapshot(game)["shop"]["cards"]:
                    if item["set"] == "Joker":
                        out.append([seed, {k: v for k, v in item.items() if k != "cost"}])
                game.run.dollars = 100
                game.apply(Reroll())
            while game.shop_packs:
                game.run.dollars = 100
                game.apply(BuyPack(0))
                if game.phase is Phase.PACK:
                    for item in snapshot(game)["pack"]["cards"]:
                        if item["set"] == "Joker":
                            out.append([seed, "pack", item])
                    game.apply(SkipPack())
            game.apply(EndShop())
    return out


def test_the_sticker_draws_of_recorded_shops_do_not_move() -> None:
    jokers = _shop_jokers()
    names = {name for entry in jokers for name in entry[-1]}
    assert {"eternal", "perishable", "rental"} <= names
    digest = hashlib.sha256(json.dumps(jokers, sort_keys=True).encode()).hexdigest()
    assert digest == _RECORDED


def test_an_eternal_joker_is_neither_sold_nor_destroyed() -> None:
    game = _to_shop(Game(seed="ETERNAL"))
    kept = game.add_joker("j_joker", eternal=True)
    assert kept.eternal and game.sticker_blocks(kept, "sell") is not None
    assert Sell("jokers", 0) not in game.legal_actions()
    assert not game.action_mask()[ACTION_SPACE.sell_joker]
    with pytest.raises(IllegalActionError, match="sell: Joker is Eternal"):
        game.apply(Sell("jokers", 0))
    assert not game.destroy_joker(kept)
    assert game.jokers == [kept]


def test_compatibility_is_the_joker_types_own() -> None:
    game = Game(seed="COMPAT")
    bean = game.add_joker("j_turtle_bean", eternal=True, perishable=True)  # eternal_compat off
    assert dict(bean.stickers) == {PERISHABLE: game.run.perishable_rounds}
    runner = game.add_joker("j_runner", eternal=True, perishable=True)  # perishable off
    assert dict(runner.stickers) == {ETERNAL: True}
    assert not game.add_sticker(runner, PERISHABLE)
    assert game.add_sticker(runner, RENTAL)
    assert list(runner.stickers) == [ETERNAL, RENTAL]


def test_rental_costs_one_whatever_the_edition_and_discount_and_pays_rent_first() -> None:
    game = Game(seed="RENT")
    joker = game.new_joker("j_joker", edition=Edition.POLYCHROME, rental=True, area=Area.SHOP)
    assert (joker.buy_cost, joker.sell_value) == (1, 1)
    game.run.discount_percent = 50
    game.reprice(joker)
    assert joker.buy_cost == 1
    game.set_sticker(joker, RENTAL, None)  # taken off: priced as any joker again
    assert joker.buy_cost == game.price(joker.type.cost, Edition.POLYCHROME) > 1
    both = game.add_joker("j_egg", rental=True, perishable=True)
    game.set_sticker(both, PERISHABLE, 1)
    game.apply(SelectBlind())
    game.run.blind_chips = 1
    outcome = game.apply(Play((0,)))
    mine = [(e[2], e[3]) for e in outcome.events if e[1] is both]
    rent = mine.index(("dollars", -game.run.rental_rate))
    assert mine.index(("message", "perished")) > rent  # rules.toml end_of_round_order
    assert both.perishable == 0 and both.debuffed


def test_a_lost_round_charges_rent_before_the_game_is_over() -> None:
    # the game's end of round goes through the joker row whether or not the blind was
    # beaten: the game-over screen shows the money after rent (5Z6UXFMI, Gold Stake)
    game = Game(seed="RENTLOST", stake=8)
    game.add_joker("j_joker", rental=True)
    game.add_joker("j_egg", rental=True, perishable=True)
    game.apply(SelectBlind())
    game.run.hands_left = 1
    game.run.blind_chips = 10**9
    dollars = game.run.dollars
    game.apply(Play((0,)))
    assert game.phase is Phase.GAME_OVER
    assert game.run.dollars == dollars - 2 * game.run.rental_rate
    assert game.jokers[1].perishable == 4  # the whole end-of-round pass ran
    assert not game.run.boss_defeated


def test_a_perishable_counts_down_and_a_copy_keeps_its_count() -> None:
    game = Game(seed="PERISH")
    joker = game.add_joker("j_joker", perishable=True)
    assert joker.perishable == game.run.perishable_rounds == 5
    for left in (4, 3):
        _win_with_a_hand(game)
        assert joker.perishable == left and not joker.debuffed
        game.apply(CashOut())
        game.apply(EndShop())
    copy = game.copy_joker(joker)
    assert copy.perishable == 3 and copy.stickers == joker.stickers


def test_saves_written_before_stickers_were_plugins_still_load() -> None:
    game = Game(seed="OLDSAVE", stake=8)
    game.add_joker("j_joker", eternal=True)
    game.add_joker("j_egg")
    game.add_joker("j_runner", rental=True)
    data = json.loads(game.to_json())
    legacy = [
        {"eternal": True, "perishable": None, "rental": False},
        {"eternal": False, "perishable": None, "rental": False},
        {"eternal": False, "perishable": 2, "rental": True},
    ]
    for raw, stickers in zip(data["jokers"], legacy, strict=True):
        raw["stickers"] = stickers
    loaded = Game.from_json(json.dumps(data))
    assert [dict(j.stickers) for j in loaded.jokers] == [
        {ETERNAL: True},
        {},
        {RENTAL: True, PERISHABLE: 2},
    ]
    assert json.loads(loaded.to_json())["jokers"][2]["stickers"] == {
        "rental": True,
        "perishable": 2,
    }


def test_blocking_the_rental_plugin_leaves_the_other_draws_as_they_were() -> None:
    full = Game(seed="NORENT", stake=8)
    blocked = Game(seed="NORENT", stake=8, plugins=Plugins(entry_points=False, block={RENTAL}))
    for game in (full, blocked):
        _to_shop(game)
    for _ in range(15):
        a = [(j.key, j.eternal, j.perishable) for j in full.shop if isinstance(j, Joker)]
        b = [(j.key, j.eternal, j.perishable) for j in blocked.shop if isinstance(j, Joker)]
        assert a == b
        assert not any(j.rental for j in blocked.shop if isinstance(j, Joker))
        for game in (full, blocked):
            game.earn(game.run.reroll_price)
            game.apply(Reroll())
    assert not any(key.startswith("ssjr") for key in blocked.rng.snapshot())
    with pytest.raises(UnknownNameError, match="blocked"):
        blocked.add_joker("j_joker", rental=True)


# ---------------------------------------------------------------------------------------
# a mod's sticker
# ---------------------------------------------------------------------------------------


def test_a_mod_sticker_rolls_in_a_seeded_shop_without_moving_the_vanilla_draws(
    modded: Plugins,
) -> None:
    plain = _to_shop(Game(seed="GLUESHOP", stake=8))
    mod = _to_shop(Game(seed="GLUESHOP", stake=8, plugins=modded))
    glued = 0
    for _ in range(15):
        jokers = [j for j in mod.shop if isinstance(j, Joker)]
        vanilla = [
            (j.key, j.edition, {k: v for k, v in j.stickers.items() if k != "sticker_test_glued"})
            for j in jokers
        ]
        assert vanilla == [(j.key, j.edition, dict(j.stickers)) for j in plain.shop
                           if isinstance(j, Joker)]  # fmt: skip
        glued += sum("sticker_test_glued" in j.stickers for j in jokers)
        for game in (plain, mod):
            game.run.dollars = 100
            game.apply(Reroll())
    assert glued > 0
    assert "tglue1" in mod.rng.snapshot() and "tglue1" not in plain.rng.snapshot()


def test_a_mod_sticker_acts_at_the_end_of_the_round_and_blocks_selling(modded: Plugins) -> None:
    game = _to_shop(Game(seed="GLUE", plugins=modded))
    offer = _reroll_until(game, lambda j: "sticker_test_glued" in j.stickers)
    assert offer.stickers["sticker_test_glued"] == 3
    plain_price = game.price(offer.type.cost, offer.edition)
    if not offer.rental:
        assert offer.buy_cost == plain_price + 2
    joker = game.add_joker("j_joker", stickers={"sticker_test_glued": True})
    assert joker.stickers == {"sticker_test_glued": 3}
    assert game.sticker_blocks(joker, "sell") is not None
    assert game.sticker_blocks(joker, "destroy") is None
    slot = game.jokers.index(joker)
    with pytest.raises(IllegalActionError, match="sell: Joker is Glued"):
        game.apply(Sell("jokers", slot))
    assert describe_stickers(game, joker) == [
        "Glued: pays $1 at the end of the round, 3 more times."
    ]
    game.apply(EndShop())
    for left in (2, 1, None):
        dollars = game.run.dollars
        _win_with_a_hand(game)
        assert joker.stickers.get("sticker_test_glued") == left
        assert game.run.dollars == dollars + 1
        game.apply(CashOut())
        game.apply(EndShop())
    assert joker.buy_cost == game.price(joker.type.cost, joker.edition)  # back to plain
    game.apply(SelectBlind())
    game.apply(Sell("jokers", slot))  # no longer glued


def test_a_mod_sticker_is_saved_loaded_cloned_and_reported(modded: Plugins) -> None:
    game = Game(seed="GLUESAVE", plugins=modded)
    joker = game.add_joker("j_joker", eternal=True, stickers={"sticker_test_glued": 2})
    text = game.to_json()
    assert json.loads(text)["jokers"][0]["stickers"] == {"eternal": True, "test_glued": 2}
    loaded = Game.from_json(text, plugins=modded)
    assert loaded.jokers[0].stickers == joker.stickers
    assert loaded.to_json() == text
    clone = game.clone()
    clone.set_sticker(clone.jokers[0], "sticker_test_glued", 1)
    assert joker.stickers["sticker_test_glued"] == 2  # the clone's are its own
    snap = game.snapshot()
    game.set_sticker(joker, "sticker_test_glued", None)
    game.restore(snap)
    assert joker.stickers == {ETERNAL: True, "sticker_test_glued": 2}
    seen = snapshot(game)["jokers"][0]
    assert (seen["eternal"], seen["test_glued"]) == (True, 2)
    offer = Offer.from_snapshot({**seen, "set": "Joker"}, 4)
    assert offer.stickers == (("eternal", True), ("test_glued", 2)) and offer.eternal
    assert offer.to_dict()["test_glued"] == 2
    with pytest.raises(SaveError, match=r"sticker 'sticker_test_glued' \(jokers\[0\]"):
        Game.from_json(text)  # without the mod


def test_a_failed_action_puts_a_mod_sticker_back() -> None:
    def broken(game: Game, sticker: StickerType, joker: Joker) -> None:
        raise RuntimeError("broken sticker")

    faulty = plugin_module(
        "test_faulty",
        StickerType(key="sticker_test_faulty", name="Faulty", effect="Breaks.", order=11),
        sticker_end_of_round=broken,
    )
    game = Game(seed="GLUEFAIL", plugins=Plugins(plugins=[_glued(), faulty], entry_points=False))
    game.add_joker("j_joker", stickers={"sticker_test_glued": True, "sticker_test_faulty": True})
    game.apply(SelectBlind())
    game.run.blind_chips = 1
    before = game.to_json()
    with pytest.raises(HookError) as raised:
        game.apply(Play((0,)))
    assert (raised.value.hook, raised.value.key) == ("sticker_end_of_round", "sticker_test_faulty")
    assert game.to_json() == before
    assert game.jokers[0].stickers["sticker_test_glued"] == 3


# ---------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------


def test_an_unknown_sticker_or_a_bad_value_is_named() -> None:
    game = Game(seed="STICKERR")
    with pytest.raises(UnknownNameError, match="sticker 'sticker_nope'"):
        game.add_joker("j_joker", stickers={"sticker_nope": True})
    joker = game.add_joker("j_joker")
    with pytest.raises(UnknownNameError, match="sticker_nope"):
        game.set_sticker(joker, "sticker_nope", True)
    with pytest.raises(ContentError, match=r"sticker 'sticker_eternal'.*'yes'"):
        game.add_joker("j_joker", stickers={ETERNAL: "yes"})
    with pytest.raises(ContentError, match="sticker_perishable"):
        game.set_sticker(joker, PERISHABLE, -1)


def test_a_sticker_declared_wrongly_is_refused() -> None:
    with pytest.raises(ContentError, match="must start with 'sticker_'"):
        StickerType(key="st_glued", name="Glued")
    with pytest.raises(ContentError, match="names a field of a joker's record"):
        StickerType(key="sticker_edition", name="Edition")
    with pytest.raises(ContentError, match="order"):
        StickerType(key="sticker_x_y", name="Y", order=-1)


def test_a_hook_giving_a_bad_value_is_named() -> None:
    bad = plugin_module(
        "test_bad_sticker",
        StickerType(key="sticker_test_bad", name="Bad"),
        sticker_apply=lambda game, sticker, joker_type, value: 1.5,
    )
    game = Game(seed="BADSTICK", plugins=Plugins(plugins=[bad], entry_points=False))
    with pytest.raises(HookError, match="sticker_apply of sticker_test_bad") as raised:
        game.add_joker("j_joker", stickers={"sticker_test_bad": True})
    assert raised.value.key == "sticker_test_bad"


def test_a_save_with_a_damaged_sticker_is_named() -> None:
    game = Game(seed="DAMAGED")
    game.add_joker("j_joker", eternal=True)
    data = json.loads(game.to_json())
    data["jokers"][0]["stickers"] = {"eternal": "yes"}
    with pytest.raises(SaveError, match=r"jokers\[0\]\.stickers\.eternal: expected true"):
        Game.from_json(json.dumps(data))
    data["jokers"][0]["stickers"] = {"glued": True}
    with pytest.raises(SaveError, match="sticker 'sticker_glued'"):
        Game.from_json(json.dumps(data))


def test_a_mod_sticker_that_blocks_destroying_keeps_madness_and_the_dagger_off() -> None:
    anchored = StickerType(key="sticker_test_anchored", name="Anchored", order=12)

    def sticker_blocks(game: Game, sticker: StickerType, joker: Joker, action: str) -> bool:
        return action == "destroy"

    plugins = Plugins(
        plugins=[plugin_module("test_anchored", anchored, sticker_blocks=sticker_blocks)],
        entry_points=False,
    )
    for destroyer in ("j_ceremonial", "j_madness"):  # the Dagger: its right; Madness: any
        game = Game(seed="ANCHOR", plugins=plugins)
        own = game.add_joker(destroyer)
        kept = game.add_joker("j_joker", stickers={"sticker_test_anchored": True})
        game.apply(SelectBlind())  # the Small Blind: both act
        assert game.jokers == [own, kept], destroyer
        if destroyer == "j_ceremonial":
            assert own.state["mult"] == 0  # no victim, so nothing gained
    assert own.state["x_mult"] == 1.5  # Madness still gains, with no victim to take

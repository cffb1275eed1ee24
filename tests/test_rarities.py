"""Joker rarities as plugins: the game's four, and a rarity a pack adds.

The game's rarities are the vanilla modules ``balatro_ecs_vanilla.rarities.*``; the rarity
roll and each rarity's pool come from their declarations. A pack's rarity joins the roll
by its weight, above the game's: with no pack rarity the roll is the game's to the bit,
and a forced roll (0 Common, 0.9 Uncommon, 1 Rare) gives the game's rarity whatever a pack
adds.
"""

from __future__ import annotations

import collections
import random
import types
from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import CashOut
from balatro_ecs.game.rarities import rarity_pools
from balatro_ecs.game.run.cards_for_sale import joker_pool, make_joker, roll_rarity
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import JokerType, RarityType
from balatro_ecs.kernel.errors import ContentError, UnknownNameError
from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs.tools.observe import ITEM_FEATURES, Observer
from balatro_ecs.tools.testing.properties import assert_survives_save
from balatro_ecs.tools.testing.runs import play_blind, win_round

VANILLA = Plugins(entry_points=False, config=False)
MYTHIC = "rarity_myth_mythic"


def _child(parent: str, declaration: Any, **hooks: Any) -> types.ModuleType:
    """A plugin module of a pack: one declaration and its hooks."""
    module = types.ModuleType(f"{parent}.{declaration.key}")
    module.balatro_content = content(declaration)  # type: ignore[attr-defined]
    for hook, fn in hooks.items():
        setattr(module, hook, hookimpl(fn))
    return module


def _pack(pid: str, *children: types.ModuleType) -> types.ModuleType:
    """A pack as a pack author ships it: a manifest and one module per content item."""
    module = types.ModuleType(f"{pid}_pack")
    manifest = {"id": pid, "name": pid.title(), "version": "1.0.0", "key_prefix": pid}
    module.balatro_pack = manifest  # type: ignore[attr-defined]
    module.balatro_plugins = children  # type: ignore[attr-defined]
    return module


def _plugins(*packs: types.ModuleType, block: tuple[str, ...] = ()) -> Plugins:
    return Plugins(entry_points=False, config=False, plugins=packs, block=block)


def _myth_pack(weight: float = 0.05) -> types.ModuleType:
    """The ``myth`` pack: a Mythic rarity (between Rare and Legendary) and two Mythic
    jokers, and a joker that names the game's Rare by key."""
    mythic = RarityType(
        key=MYTHIC, name="Mythic", order=3.5, weight=weight, effect="Rarer than Rare."
    )
    oracle = JokerType(key="j_myth_oracle", name="Oracle", rarity=MYTHIC, cost=9, effect="X3")
    sibyl = JokerType(key="j_myth_sibyl", name="Sibyl", rarity=MYTHIC, cost=9, effect="+30")
    rune = JokerType(key="j_myth_rune", name="Rune", rarity="rarity_rare", cost=8, effect="+3")
    return _pack(
        "myth",
        _child("myth_pack", mythic),
        _child("myth_pack", oracle, joker_main=lambda ctx, joker: Effect(x_mult=3)),
        _child("myth_pack", sibyl, joker_main=lambda ctx, joker: Effect(mult=30)),
        _child("myth_pack", rune, joker_main=lambda ctx, joker: Effect(mult=3)),
    )


@pytest.fixture(scope="module")
def myth() -> Plugins:
    return _plugins(_myth_pack())


def _game_rarity(roll: float) -> str:
    """The game's rarity roll, as rules.toml writes it."""
    return "rarity_rare" if roll > 0.95 else "rarity_uncommon" if roll > 0.7 else "rarity_common"


# ---------------------------------------------------------------------------------------
# the game's four
# ---------------------------------------------------------------------------------------


def test_the_game_s_rarities_are_content_of_the_vanilla_pack() -> None:
    rarities = list(VANILLA.all(RarityType))
    assert [r.name for r in rarities] == ["Common", "Uncommon", "Rare", "Legendary"]
    assert [r.weight for r in rarities] == [0.7, 0.25, 0.05, 0]
    assert [r.pool_stream for r in rarities] == ["Joker1", "Joker2", "Joker3", "Joker4"]
    assert VANILLA.find(RarityType, "legendary").shared_stream
    assert VANILLA.owners()["rarity_rare"] == "balatro_ecs_vanilla.rarities.rarity_rare"
    assert {c.key for c in VANILLA.pack_content("vanilla")} >= {r.key for r in rarities}
    pools = rarity_pools(VANILLA)
    assert [len(pools.jokers[r.key]) for r in rarities] == [61, 64, 20, 5]  # jokers.toml
    assert pools.total == 1.0
    assert [(point, r.key) for point, r in pools.line] == [
        (0.95, "rarity_rare"),
        (0.7, "rarity_uncommon"),
        (0.0, "rarity_common"),
    ]
    assert rarity_pools(VANILLA) is pools  # built once per plugin set


def test_the_roll_is_the_game_s_for_every_roll() -> None:
    pools = rarity_pools(VANILLA)
    rng = random.Random(11)
    edges = [0.0, 0.7, 0.95, 1.0, 0.7000000000000001, 0.9500000000000001, 0.6999999999999998]
    for roll in [*edges, *(rng.random() for _ in range(20_000))]:
        assert pools.roll(roll, forced=False).key == _game_rarity(roll), roll
        assert pools.roll(roll, forced=True).key == _game_rarity(roll), roll
    game = Game(seed="RARITY")
    twin = game.clone()
    for ante in range(1, 4):
        game.run.ante = twin.run.ante = ante
        for append in ("sho", "buf", "jud", ""):
            drawn = twin.rng.random(f"rarity{ante}{append}")
            assert roll_rarity(game, append).key == _game_rarity(drawn)


def test_legendary_jokers_come_from_one_stream_locked_or_not() -> None:
    game = Game(seed="SOUL")
    game.run.unlocks = "shipped"
    pool, stream = joker_pool(game, 4, "sou")
    assert stream == "Joker4" and len(pool) == 5 and None not in pool
    assert joker_pool(game, "Legendary", "sou") == (pool, stream)
    assert joker_pool(game, 1, "sho")[1] == "Joker1sho1"
    made = game.create_joker_from_pool("sou", legendary=True)
    assert made.rarity == 4 and made.type.rarity_name == "Legendary"


# ---------------------------------------------------------------------------------------
# a pack's rarity
# ---------------------------------------------------------------------------------------


def test_a_pack_rarity_joins_the_roll_by_its_weight(myth: Plugins) -> None:
    pools = rarity_pools(myth)
    assert pools.total == pytest.approx(1.05)
    assert [r.key for _, r in pools.line] == [
        MYTHIC,
        "rarity_rare",
        "rarity_uncommon",
        "rarity_common",
    ]
    game = Game(seed="MYTH", plugins=myth)
    drawn = collections.Counter(roll_rarity(game, f"d{i}").key for i in range(21_000))
    assert 800 < drawn[MYTHIC] < 1200  # about 1000: 0.05 in 1.05
    assert 13_000 < drawn["rarity_common"] < 15_000  # about 14000: 0.7 in 1.05
    assert joker_pool(game, MYTHIC, "sho") == (
        ["j_myth_oracle", "j_myth_sibyl"],
        f"Joker{MYTHIC}sho1",
    )
    seen = collections.Counter(
        make_joker(game, Area.SHOP, "sho").type.rarity_key for _ in range(400)
    )
    assert seen[MYTHIC] > 5  # the shop offers Mythic jokers


def test_forced_rolls_give_the_game_s_rarity_whatever_a_pack_adds(myth: Plugins) -> None:
    game = Game(seed="FORCED", plugins=myth)
    for forced, key in [
        (0, "rarity_common"),
        (0.9, "rarity_uncommon"),
        (0.99, "rarity_rare"),
        (1, "rarity_rare"),
    ]:
        assert roll_rarity(game, "tag", forced).key == key
    assert game.create_joker_from_pool("rif", rarity=0).rarity == 1  # Riff-raff
    assert game.create_joker_from_pool("wra", rarity=0.99).rarity == 3  # Wraith


def test_effects_make_a_pack_rarity_s_jokers_by_its_key_or_name(myth: Plugins) -> None:
    game = Game(seed="ORACLE", plugins=myth)
    before = game.rng.snapshot()
    made = game.create_joker_from_pool("tst", rarity=MYTHIC)
    assert made.key in ("j_myth_oracle", "j_myth_sibyl")
    assert "rarity1tst" not in game.rng.snapshot() and game.rng.snapshot() != before  # no roll
    other = game.create_joker_from_pool("tst", rarity="Mythic")  # by name; never twice
    assert {made.key, other.key} == {"j_myth_oracle", "j_myth_sibyl"}
    with pytest.raises(UnknownNameError, match="Mythik"):
        game.create_joker_from_pool("tst", rarity="Mythik")


def test_a_joker_names_its_rarity_by_key(myth: Plugins) -> None:
    oracle = myth.joker("Oracle")
    assert (oracle.rarity, oracle.rarity_key, oracle.rarity_name, oracle.rarity_rank) == (
        MYTHIC,
        MYTHIC,
        "Mythic",
        3.5,
    )
    rune = myth.joker("Rune")  # "rarity_rare" is the game's Rare: kept as its number
    assert (rune.rarity, rune.rarity_key, rune.rarity_name) == (3, "rarity_rare", "Rare")
    assert "j_myth_rune" in joker_pool(Game(seed="RUNE", plugins=myth), 3, "sho")[0]
    assert VANILLA.joker("Joker").rarity_name == "Common"
    game = Game(seed="OBSERVE", plugins=myth)
    game.add_joker(game.new_joker("j_myth_oracle"))
    observer = Observer(myth)
    rarity = [feature.name for feature in ITEM_FEATURES].index("rarity")
    assert observer.observe(game)["jokers"][0][rarity] == 3.5


def test_a_weightless_pack_rarity_leaves_the_game_s_draws_alone() -> None:
    """A rarity that is never rolled (a pack's Legendary-like tier) changes no shop."""
    relic = RarityType(key="rarity_relic_relic", name="Relic", order=4.5, weight=0)
    idol = JokerType(key="j_relic_idol", name="Relic Idol", rarity=relic.key, effect="+1")
    relics = _plugins(_pack("relic", _child("relic_pack", relic), _child("relic_pack", idol)))
    for seed in ("RELIC1", "RELIC2", "RELIC3"):
        shops = []
        for plugins in (VANILLA, relics):
            game = play_blind(Game(seed=seed, plugins=plugins))
            win_round(game)
            game.apply(CashOut())
            shops.append(([item.key for item in game.shop], game.rng.snapshot()))
        assert shops[0] == shops[1]
    game = Game(seed="RELIC", plugins=relics)
    assert game.create_joker_from_pool("tst", rarity="Relic").key == "j_relic_idol"


def test_a_game_with_pack_rarity_jokers_saves_loads_and_clones(myth: Plugins) -> None:
    game = play_blind(Game(seed="MYTHSAVE", plugins=myth))
    game.add_joker(game.new_joker("j_myth_oracle"))
    game.shop.append(make_joker(game, Area.SHOP, "sho", rarity=MYTHIC))
    assert_survives_save(game)
    loaded = Game.from_json(game.to_json(), myth)
    assert [j.type.rarity_name for j in loaded.jokers] == ["Mythic"]
    assert loaded.shop[-1].type.rarity_key == MYTHIC


# ---------------------------------------------------------------------------------------
# mistakes
# ---------------------------------------------------------------------------------------


def test_a_blocked_rarity_keeps_its_jokers_out_of_every_pool() -> None:
    blocked = _plugins(_myth_pack(weight=0.5), block=(MYTHIC,))
    pools = rarity_pools(blocked)
    assert pools.total == 1.0 and MYTHIC not in pools.rarities
    game = Game(seed="BLOCKED", plugins=blocked)
    assert all(roll_rarity(game, f"b{i}").key != MYTHIC for i in range(2000))
    with pytest.raises(UnknownNameError, match=r"rarity \(blocked: rarity_myth_mythic\)"):
        game.create_joker_from_pool("tst", rarity=MYTHIC)
    assert game.new_joker("j_myth_oracle").key == "j_myth_oracle"  # still made by name


def test_a_joker_naming_an_undeclared_rarity_is_named() -> None:
    typo = JokerType(key="j_tpo_typo", name="Typo", rarity="rarity_myth_mythc", effect="+1")
    plugins = _plugins(_myth_pack(), _pack("tpo", _child("tpo_pack", typo)))
    game = Game(seed="TYPO", plugins=plugins)
    message = r"joker 'j_tpo_typo': rarity 'rarity_myth_mythc' is declared by no plugin \(did"
    with pytest.raises(ContentError, match=message + r" you mean 'rarity_myth_mythic'\?\)"):
        game.create_joker_from_pool("sho")


def test_no_rolled_rarity_is_a_clear_error() -> None:
    plugins = _plugins(block=("rarity_common", "rarity_uncommon", "rarity_rare"))
    game = Game(seed="NONE", plugins=plugins)
    with pytest.raises(ContentError, match="no rarity of the plugin set has a weight above 0"):
        roll_rarity(game, "sho")
    assert game.create_joker_from_pool("sou", legendary=True).rarity == 4


def test_declaration_mistakes() -> None:
    with pytest.raises(ContentError, match="must start with 'rarity_'"):
        RarityType(key="r_myth_bad", name="Bad", order=3.5)
    with pytest.raises(ContentError, match=r"order must be a number above 0"):
        RarityType(key="rarity_myth_unordered", name="Unordered")
    with pytest.raises(ContentError, match=r"weight must be a number >= 0"):
        RarityType(key="rarity_myth_negative", name="Negative", order=5, weight=-1)
    with pytest.raises(ContentError, match="pool_stream must be a string"):
        RarityType(key="rarity_myth_stream", name="Stream", order=5, pool_stream=4)  # type: ignore[arg-type]
    with pytest.raises(ContentError, match="shared_stream must be True or False"):
        RarityType(key="rarity_myth_shared", name="Shared", order=5, shared_stream=1)  # type: ignore[arg-type]
    with pytest.raises(ContentError, match=r"rarity 'mythic' is not a rarity key"):
        JokerType(key="j_myth_bad", name="Bad", rarity="mythic")
    for rarity in (5, 0, True):
        with pytest.raises(ContentError, match=r"rarity must be 1\.\.4 or a rarity key"):
            JokerType(key="j_myth_bad", name="Bad", rarity=rarity)
    with pytest.raises(ContentError, match=r"rarity number must be 1\.\.4"):
        joker_pool(Game(seed="BAD"), 7, "sho")

"""Random enhancements, editions and seals come from the kinds the plugin set declares.

With only the vanilla content each draw is the game's, to the bit: the functions below
are the engine's former hard-coded draws, compared roll for roll with the pooled ones.
With a pack, its kinds join the draws after the game's, by their declared weights.

The mod kinds are declared inside fixtures (at test time, not at collection), since a
declaration adds a member to the process's enums.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import BuyPack, CashOut, EndShop, Reroll, SkipPack
from balatro_ecs.game.cards import Card
from balatro_ecs.game.pools import draw_enhancement, modifier_pools
from balatro_ecs.game.run.cards_for_sale import poll_edition, random_seal, random_shop_edition
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.content import EditionType, EnhancementType, SealType
from balatro_ecs.kernel.enums import Edition, Enhancement, Seal
from balatro_ecs.kernel.errors import ContentError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import Effect
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import play_blind, win_round

STREAMS = [f"stream{i}" for i in range(400)]


# -- the former draws, kept verbatim ------------------------------------------------------


def old_poll_edition(
    game: Game, stream: str, mod: float = 1.0, no_negative: bool = False, guaranteed: bool = False
) -> Edition:
    poll = game.rng.random(stream)
    rate = game.run.edition_rate
    if guaranteed:
        rate, mod = 1, 25
    if poll > 1 - 0.003 * mod and not no_negative:
        return Edition.NEGATIVE
    if poll > 1 - 0.006 * rate * mod:
        return Edition.POLYCHROME
    if poll > 1 - 0.02 * rate * mod:
        return Edition.HOLO
    if poll > 1 - 0.04 * rate * mod:
        return Edition.FOIL
    return Edition.NONE


def old_random_seal(game: Game, stream: str) -> Seal:
    roll = game.rng.random(stream)
    if roll > 0.75:
        return Seal.RED
    if roll > 0.5:
        return Seal.BLUE
    return Seal.GOLD if roll > 0.25 else Seal.PURPLE


def old_enhancement(game: Game, stream: str) -> Enhancement:
    return game.rng.element(stream, [e for e in Enhancement if 0 < e <= Enhancement.LUCKY])


def old_created_enhancement(game: Game, stream: str) -> Enhancement:
    pool = [e for e in Enhancement if 0 < e <= Enhancement.LUCKY and e is not Enhancement.STONE]
    return game.rng.element(stream, pool)


def old_illusion(roll: float) -> Edition:
    return Edition.POLYCHROME if roll > 0.85 else Edition.HOLO if roll > 0.5 else Edition.FOIL


def _same_draws(game: Game, old: Any, new: Any) -> list[Any]:
    """Each stream drawn by ``old`` and, from the same position, by ``new``."""
    drawn = []
    for stream in STREAMS:
        for _ in range(3):  # a stream's later draws too
            state = game.rng.snapshot()
            expected = old(game, stream)
            after = game.rng.snapshot()
            game.rng.restore(state)
            assert new(game, stream) == expected, stream
            assert game.rng.snapshot() == after
            drawn.append(expected)
    return drawn


# -- vanilla: the game's draws, unchanged ---------------------------------------------------


@pytest.mark.parametrize("rate", [1.0, 2.0, 4.0])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"mod": 2, "no_negative": True},  # Standard packs
        {"no_negative": True},
        {"no_negative": True, "guaranteed": True},  # Wheel of Fortune, Aura
        {"guaranteed": True},
        {"mod": 20},  # every threshold crossed somewhere
    ],
)
def test_vanilla_edition_rolls_are_the_games(rate: float, options: dict[str, Any]) -> None:
    game = Game(seed="POOLS1")
    game.run.edition_rate = rate
    drawn = _same_draws(
        game,
        lambda g, s: old_poll_edition(g, s, **options),
        lambda g, s: poll_edition(g, s, **options),
    )
    if options.get("mod") == 20 and rate == 1:
        assert set(drawn) == {e for e in Edition if e <= Edition.NEGATIVE}


def test_vanilla_seal_rolls_are_the_games() -> None:
    drawn = _same_draws(Game(seed="POOLS2"), old_random_seal, random_seal)
    assert set(drawn) == {Seal.RED, Seal.BLUE, Seal.GOLD, Seal.PURPLE}
    assert [t for _, t in modifier_pools(Game(seed="X").plugins).seals] == [0.75, 0.5, 0.25, 0]


def test_vanilla_enhancement_draws_are_the_games() -> None:
    game = Game(seed="POOLS3")
    drawn = _same_draws(game, old_enhancement, draw_enhancement)
    assert set(drawn) == {e for e in Enhancement if 0 < e <= Enhancement.LUCKY}
    created = _same_draws(
        game, old_created_enhancement, lambda g, s: draw_enhancement(g, s, created=True)
    )
    assert Enhancement.STONE not in created


def test_vanilla_illusion_editions_are_the_games() -> None:
    game = Game(seed="POOLS4")
    for stream in STREAMS:
        roll = game.rng.random(stream)
        assert random_shop_edition(game, roll) == old_illusion(roll)
    for roll in (0.0, 0.5, 0.5000000001, 0.85, 0.8500000001, 0.9999999):
        assert random_shop_edition(game, roll) == old_illusion(roll)


def test_the_pools_are_built_once_per_plugin_set() -> None:
    plugins = Game(seed="X").plugins
    assert modifier_pools(plugins) is modifier_pools(plugins)
    assert modifier_pools(plugins).editions == ()


# -- a pack's kinds join the draws ------------------------------------------------------------


@pytest.fixture(scope="module")
def modded() -> Plugins:
    """A pack with an enhancement, a rare one, one never drawn, an edition and a seal."""
    modules = [
        plugin_module(
            "pools_copper",
            EnhancementType(key="m_pools_copper", name="Copper Card", weight=1),
            enhancement_scored=lambda ctx, card: Effect(mult=1),
        ),
        plugin_module(
            "pools_rare", EnhancementType(key="m_pools_rare", name="Rare Card", weight=0.25)
        ),
        plugin_module(
            "pools_never", EnhancementType(key="m_pools_never", name="Never Card", weight=0)
        ),
        plugin_module(
            "pools_pebble",
            EnhancementType(key="m_pools_pebble", name="Pebble", no_rank=True, chips=5),
        ),
        plugin_module(
            "pools_matte",
            EditionType(key="e_pools_matte", name="Matte", extra_cost=1, weight=0.04),
            edition_scored=lambda ctx, target: Effect(chips=1),
        ),
        plugin_module("pools_tin", SealType(key="s_pools_tin", name="Tin Seal", weight=2)),
    ]
    return Plugins(plugins=modules, entry_points=False, config=False)


def test_the_pools_list_the_game_s_kinds_first_then_the_pack_s(modded: Plugins) -> None:
    pools = modifier_pools(modded)
    vanilla = [e for e in Enhancement if 0 < e <= Enhancement.LUCKY]
    copper, rare, pebble = (Enhancement[n] for n in ("POOLS_COPPER", "POOLS_RARE", "POOLS_PEBBLE"))
    assert list(pools.enhancements[:8]) == vanilla
    assert set(pools.enhancements[8:]) == {copper, rare, pebble}  # weight 0 left out
    assert pools.enhancement_totals[:8] == (1, 2, 3, 4, 5, 6, 7, 8)
    assert pebble not in pools.created and Enhancement.STONE not in pools.created
    vanilla_seals = [Seal.RED, Seal.BLUE, Seal.GOLD, Seal.PURPLE]
    assert [kind for kind, _ in pools.seals] == [*vanilla_seals, Seal.POOLS_TIN]
    assert [t for _, t in pools.seals] == pytest.approx([5 / 6, 4 / 6, 3 / 6, 2 / 6, 0])
    assert pools.editions == ((Edition.POOLS_MATTE, 0.08),)


def _tally(game: Game, draw: Any, n: int = 6000) -> Counter[Any]:
    return Counter(draw(game, f"tally{i}") for i in range(n))


def test_a_pack_s_kinds_are_drawn_by_their_weights(modded: Plugins) -> None:
    game = Game(seed="POOLS5", plugins=modded)
    tally = _tally(game, draw_enhancement)
    n = sum(tally.values())
    assert Enhancement.POOLS_NEVER not in tally
    for kind, weight in ((Enhancement.POOLS_COPPER, 1), (Enhancement.POOLS_RARE, 0.25)):
        expected = n * weight / 10.25
        assert abs(tally[kind] - expected) < 5 * math.sqrt(expected), (kind, tally)
    seals = _tally(game, random_seal)
    assert abs(seals[Seal.POOLS_TIN] - 2000) < 5 * math.sqrt(2000)  # 2 of 6
    editions = _tally(game, lambda g, s: poll_edition(g, s, mod=10))  # Matte: 0.04 * 10
    assert abs(editions[Edition.POOLS_MATTE] - 2400) < 5 * math.sqrt(2400)
    always = _tally(game, lambda g, s: poll_edition(g, s, no_negative=True, guaranteed=True))
    assert Edition.NONE not in always and Edition.NEGATIVE not in always
    assert abs(always[Edition.POLYCHROME] - 6000 * 0.006 / 0.08) < 5 * math.sqrt(450)
    assert abs(always[Edition.POOLS_MATTE] - 3000) < 5 * math.sqrt(3000)
    illusion = Counter(random_shop_edition(game, i / 6000) for i in range(6000))
    assert Edition.NONE not in illusion and Edition.NEGATIVE not in illusion
    assert abs(illusion[Edition.POOLS_MATTE] - 3000) < 60


def test_the_vanilla_odds_hold_below_a_pack_s_edition(modded: Plugins) -> None:
    """A roll that gave a vanilla edition gives it with the pack too; only rolls that
    gave none may give the pack's."""
    plain, packed = Game(seed="POOLS6"), Game(seed="POOLS6", plugins=modded)
    for stream in STREAMS:
        before, after = poll_edition(plain, stream, mod=5), poll_edition(packed, stream, mod=5)
        assert after == before or (before is Edition.NONE and after is Edition.POOLS_MATTE)


def test_a_blocked_vanilla_kind_is_never_drawn() -> None:
    plugins = Plugins(block=["m_glass", "s_red", "e_foil"], entry_points=False, config=False)
    game = Game(seed="POOLS7", plugins=plugins)
    assert Enhancement.GLASS not in _tally(game, draw_enhancement, 2000)
    assert Seal.RED not in _tally(game, random_seal, 2000)
    assert Edition.FOIL not in _tally(game, lambda g, s: poll_edition(g, s, mod=10), 2000)


def test_weights_are_checked() -> None:
    for bad in (-1, "1", True, float("nan")):
        with pytest.raises(ContentError, match="weight must be a number >= 0"):
            SealType(key="s_pools_bad", name="Bad Seal", weight=bad)


def _pack_cards(game: Game) -> list[Card]:
    """Open every Standard pack of the shop; the playing cards they showed."""
    cards: list[Card] = []
    slot = 0
    while slot < len(game.shop_packs):
        if "standard" not in game.shop_packs[slot]:
            slot += 1
            continue
        game.earn(20, "test")
        game.apply(BuyPack(slot))
        cards += [c for c in game.pack if isinstance(c, Card)]
        if game.phase is Phase.PACK:
            game.apply(SkipPack())
    return cards


def test_a_pack_s_kinds_reach_shops_and_standard_packs(modded: Plugins) -> None:
    """Played through the actions: Standard pack cards get the pack's enhancement, seal
    and edition, and the shop's jokers its edition."""
    found: set[Any] = set()
    for n in range(40):
        game = Game(seed=f"POOLS{n}", plugins=modded)
        for _ in range(3):
            play_blind(game)
            win_round(game)
            game.apply(CashOut())
            game.run.edition_rate = 20.0  # Glow Up and then some: editions often
            for _ in range(3):
                cards = _pack_cards(game)
                found |= {c.enhancement for c in cards} | {c.seal for c in cards}
                found |= {c.edition for c in cards}
                found |= {getattr(item, "edition", None) for item in game.shop}
                game.earn(10, "test")
                game.apply(Reroll())
            game.apply(EndShop())
        if {Enhancement.POOLS_COPPER, Seal.POOLS_TIN, Edition.POOLS_MATTE} <= found:
            break
    assert {Enhancement.POOLS_COPPER, Seal.POOLS_TIN, Edition.POOLS_MATTE} <= found


def test_the_installed_example_pack_shows_in_plugins_and_in_a_seeded_shop(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What CI shows: ``balatro-ecs plugins`` lists the pack's enhancement and seal, and
    the first shop of seed L7S25 offers its Snake Eyes and a Clover Card in a Standard pack."""
    from balatro_ecs.kernel import manager
    from balatro_ecs.tools.batch import _worker_plugins
    from tests.test_packs import install_example, run_cli

    monkeypatch.setattr(manager, "_default", None)
    for name in ("BALATRO_ECS_BLOCK", "BALATRO_ECS_ENABLE", "BALATRO_ECS_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    _worker_plugins.cache_clear()
    try:
        install_example(tmp_path, monkeypatch)
        code, out, _ = run_cli(capsys, "plugins")
        assert code == 0 and "1 enhancement, 3 jokers, 1 poker hand, 1 seal" in out
        code, out, _ = run_cli(capsys, "seed", "L7S25")
        assert code == 0
        assert "Snake Eyes" in out.split("Packs opened")[0]  # offered in the shop
        assert "Clover Card" in out.split("Jumbo Standard Pack\n")[1]  # in the pack
    finally:
        _worker_plugins.cache_clear()

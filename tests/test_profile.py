"""The profile: everything unlocked (default) or the game's shipped unlocks."""

from __future__ import annotations

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.run.blinds import next_tag
from balatro_ecs.game.run.cards_for_sale import joker_pool
from balatro_ecs.game.run.save import dumps
from balatro_ecs.kernel.content import JokerType, TagType
from balatro_ecs.kernel.errors import BalatroError
from balatro_ecs.tools.simulate import simulate

PLUGINS = Plugins.default()
LOCKED = {j.key for j in PLUGINS.all(JokerType) if not j.unlocked and j.rarity != 4}
GATED_TAGS = {t.key for t in PLUGINS.all(TagType) if t.requires_discovered}


def _available(game: Game) -> set[str]:
    return {key for rarity in (1, 2, 3) for key in joker_pool(game, rarity, "sho")[0] if key}


def test_by_default_every_joker_can_appear() -> None:
    game = Game(seed="PROFILE1")
    assert game.run.unlocks == "all"
    needs_a_card = {j.key for j in PLUGINS.all(JokerType) if j.requires_enhancement}
    assert LOCKED - needs_a_card <= _available(game)


def test_the_shipped_profile_keeps_locked_jokers_out_of_the_pools() -> None:
    game = Game(seed="PROFILE1", unlocks="shipped")
    assert len(LOCKED) == 40
    assert not LOCKED & _available(game)


def test_the_shipped_profile_offers_no_tag_that_needs_a_discovery() -> None:
    assert {"tag_rare", "tag_negative", "tag_foil", "tag_holo", "tag_polychrome"} <= GATED_TAGS
    game = Game(seed="PROFILE2", unlocks="shipped")
    game.run.ante = 3
    offered = {next_tag(game) for _ in range(200)}
    assert not offered & GATED_TAGS
    everything = Game(seed="PROFILE2")
    everything.run.ante = 3
    assert {next_tag(everything) for _ in range(200)} & GATED_TAGS


def test_a_save_records_the_profile() -> None:
    game = Game(seed="PROFILE3", unlocks="shipped")
    loaded = Game.from_json(dumps(game), PLUGINS)
    assert loaded.run.unlocks == "shipped"
    assert dumps(loaded) == dumps(game)


def test_an_unknown_profile_is_refused_by_name() -> None:
    with pytest.raises(BalatroError, match="unlocks: 'all' or 'shipped'"):
        Game(seed="PROFILE4", unlocks="most")
    with pytest.raises(BalatroError, match="unlocks"):
        simulate(1, unlocks="most")


def test_simulate_records_the_profile() -> None:
    summary = simulate(2, seed="PROF", unlocks="shipped", max_ante=2)
    assert summary.to_dict()["unlocks"] == "shipped"

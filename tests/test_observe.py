"""Observations: fixed shapes inside their space, nothing hidden shown, a stable vocabulary,
and the JSON and text forms for agents that read."""

from __future__ import annotations

import json
import re
import types
import zlib
from pathlib import Path

import numpy as np
import pytest

from balatro_ecs import Game
from balatro_ecs.game.actions import ACTION_SPACE
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import (
    ConsumableSetType,
    EditionType,
    EnhancementType,
    JokerType,
    PokerHandType,
    RarityType,
    SealType,
    StickerType,
)
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.plugin import content
from balatro_ecs.tools.observe import (
    BLIND_FEATURES,
    DECK_FEATURES,
    DECK_INDEX,
    EMPTY,
    HAND_LEVEL_FEATURES,
    HIDDEN,
    ITEM_FEATURES,
    ITEM_INDEX,
    OBS_KEYS,
    RUN_FEATURES,
    RUN_INDEX,
    Layout,
    Observer,
    Vocabulary,
    describe_state,
    describe_text,
    observe,
)
from balatro_ecs.tools.testing.runs import play_blind

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("gymnasium")


def _random_states(seed: str, steps: int = 120) -> list[Game]:
    """Games along a masked random run (restarted when it ends), one per step."""
    rng = np.random.default_rng(zlib.crc32(seed.encode()))
    game = Game(seed=seed)
    out = []
    for i in range(steps):
        if game.phase is Phase.GAME_OVER:
            game = Game(seed=f"{seed[:6]}{i:02d}")
        out.append(game.clone())
        legal = np.flatnonzero(game.action_mask())
        game.apply(ACTION_SPACE.decode(int(rng.choice(legal))))
    return out


@pytest.fixture(scope="module")
def observer() -> Observer:
    return Observer()


def test_every_observation_lies_in_the_space(observer: Observer) -> None:
    space = observer.space()
    seen = set()
    for game in _random_states("OBSPACE1") + _random_states("OBSPACE2"):
        obs = observer.observe(game)
        seen.add(game.phase)
        assert list(obs) == list(OBS_KEYS)
        assert space.contains(obs), {k: v for k, v in obs.items() if not space[k].contains(v)}
        flat = observer.flatten(obs)
        assert flat.shape == (observer.flat_size(),) and flat.dtype == np.float32
    assert {Phase.BLIND_SELECT, Phase.ROUND, Phase.CASH_OUT, Phase.SHOP} <= seen


def test_the_arrays_read_the_game(observer: Observer) -> None:
    game = Game(seed="OBSREAD1")
    play_blind(game)
    obs = observer.observe(game)
    run = obs["run"]
    assert run[RUN_INDEX["phase_round"]] == 1 and run[RUN_INDEX["phase_shop"]] == 0
    assert run[RUN_INDEX["money"]] == game.run.dollars
    assert run[RUN_INDEX["hands_left"]] == game.run.hands_left
    assert run[RUN_INDEX["hand_count"]] == len(game.hand) == obs["hand_mask"].sum()
    for row, card in zip(obs["hand"], game.hand, strict=False):
        assert row[ITEM_INDEX["rank"]] == card.base_rank
        assert row[ITEM_INDEX["suit"]] == card.suit + 1
    assert not obs["hand"][len(game.hand) :].any()
    deck = obs["deck"]
    assert deck[0, DECK_INDEX["total"]] == len(game.area(Area.DECK))
    assert deck[1, DECK_INDEX["total"]] == 52
    assert deck[1, :52].sum() == 52 and (deck[1, :52] == 1).all()  # a standard deck
    blind = obs["blind"]
    assert blind[0] == observer.vocabulary.index("bl_small")
    assert 10 ** blind[2] - 1 == pytest.approx(game.run.blind_chips, rel=1e-5)
    assert np.array_equal(obs["action_mask"], np.array(game.action_mask(), dtype=np.int8))


def test_face_down_cards_and_jokers_show_nothing_but_that(observer: Observer) -> None:
    game = Game(seed="OBSDOWN1")
    game.add_joker("Joker")
    game.add_joker("Greedy Joker")
    play_blind(game)
    card = game.hand[0]
    card.set_face_down(True)
    obs = observer.observe(game)
    row = obs["hand"][0]
    assert row[ITEM_INDEX["face_down"]] == 1 and row[ITEM_INDEX["kind"]] > 0
    others = [i for i, f in enumerate(ITEM_FEATURES) if f.name not in ("kind", "face_down")]
    assert not row[others].any()
    state = describe_state(game)
    assert state["hand"][0] == {"face_down": True}
    # Amber Acorn flips the jokers: their keys are hidden.
    assert game.blind is not None
    game.blind.memory["flipped"] = [j.serial for j in game.jokers]
    obs = observer.observe(game)
    assert (obs["jokers"][:2, ITEM_INDEX["key"]] == HIDDEN).all()
    assert not obs["jokers"][:2, ITEM_INDEX["sell_value"]].any()
    assert describe_state(game)["jokers"] == [{"face_down": True}] * 2


def test_the_order_of_the_draw_pile_is_not_observed(observer: Observer) -> None:
    game = Game(seed="OBSORDR1")
    play_blind(game)
    other = game.clone()
    other.area(Area.DECK).reverse()
    first, second = observer.observe(game), observer.observe(other)
    assert all(np.array_equal(first[k], second[k]) for k in OBS_KEYS)
    assert describe_state(game) == describe_state(other)


def test_shop_offers_appear_only_in_the_shop(observer: Observer) -> None:
    for game in _random_states("OBSSHOP1", 200):
        obs = observer.observe(game)
        in_shop = game.phase is Phase.SHOP or (
            game.phase is Phase.PACK and game.pack_return is Phase.SHOP
        )
        assert obs["shop_mask"].sum() == (min(len(game.shop), 6) if in_shop else 0)
        assert obs["pack_mask"].sum() == (len(game.pack) if game.phase is Phase.PACK else 0)
        if in_shop:
            prices = obs["packs"][: len(game.shop_packs), ITEM_INDEX["cost"]]
            assert (prices >= 0).all()


def test_the_vanilla_vocabulary_is_frozen_and_complete() -> None:
    vocab = Vocabulary.vanilla()
    assert (vocab.index(None), vocab.index("j_unknown_thing")) == (EMPTY, HIDDEN)
    # Pinned numbers: a change here breaks every trained model.
    assert vocab.index("j_joker") == 2
    assert vocab.index("j_blueprint") == vocab.keys.index("j_blueprint")
    assert vocab.size == 2 + 344
    vanilla = Plugins(entry_points=False)
    # cards' kinds, poker hands, rarities, stickers and consumable sets: never an item slot
    modifiers = (
        EnhancementType, EditionType, SealType, PokerHandType, RarityType, StickerType,
        ConsumableSetType,
    )  # fmt: skip
    keys = set(vanilla.owners()) - {c.key for f in modifiers for c in vanilla.all(f)}
    assert keys == set(vocab.keys[2:]), "data/vocabulary.toml must list every vanilla key"
    assert Vocabulary.from_plugins(vanilla).keys == vocab.keys


def test_third_party_content_is_numbered_after_vanilla() -> None:
    module = types.ModuleType("obs_pack")
    module.JOKER = JokerType(key="j_obspack_zed", name="Zed")  # type: ignore[attr-defined]
    module.balatro_content = content(module.JOKER)  # type: ignore[attr-defined]
    plugins = Plugins(plugins=[module], entry_points=False)
    vocab = Vocabulary.from_plugins(plugins)
    vanilla = Vocabulary.vanilla()
    assert vocab.keys[: vanilla.size] == vanilla.keys
    assert vocab.index("j_obspack_zed") == vanilla.size
    assert vocab.extra_keys() == ["j_obspack_zed"]
    pinned = Vocabulary.from_plugins(plugins, pinned=["j_other_first"])
    assert pinned.index("j_other_first") == vanilla.size
    assert pinned.index("j_obspack_zed") == vanilla.size + 1
    game = Game(seed="OBSPACK1", plugins=plugins)
    game.add_joker("Zed")
    obs = Observer(plugins).observe(game)
    assert obs["jokers"][0, ITEM_INDEX["key"]] == vanilla.size
    assert Observer(plugins).space().contains(obs)


def test_the_layout_sets_the_slot_counts() -> None:
    observer = Observer(layout=Layout(hand=4, jokers=2))
    game = Game(seed="OBSLAYT1")
    play_blind(game)
    obs = observer.observe(game)
    assert obs["hand"].shape == (4, len(ITEM_FEATURES)) and obs["hand_mask"].sum() == 4
    assert obs["jokers"].shape == (2, len(ITEM_FEATURES))
    assert observer.space().contains(obs)


def test_the_module_level_observe_uses_the_games_plugins() -> None:
    game = Game(seed="OBSMODUL")
    obs = observe(game)
    assert obs["run"][RUN_INDEX["phase_blind_select"]] == 1


def test_describe_state_is_json_with_descriptions_and_actions() -> None:
    for game in _random_states("OBSJSON1", 60)[::5]:
        state = describe_state(game)
        json.dumps(state)
        assert state["phase"] == game.phase.value
        assert "seed" not in state
        assert len(state["legal_actions"]) == len(game.legal_actions())
        assert sum(state["draw_pile"].values()) == len(game.area(Area.DECK))
        for joker in state["jokers"]:
            assert joker.get("face_down") or joker["text"]
    text = describe_text(game)
    assert game.seed not in text and "Legal actions:" in text


def test_docs_describe_every_array_and_column() -> None:
    doc = (ROOT / "docs" / "learning.md").read_text("utf-8")
    for key in OBS_KEYS:
        assert f"`{key}`" in doc, f"docs/learning.md lacks the array {key}"
    tables = (ITEM_FEATURES, RUN_FEATURES, BLIND_FEATURES, HAND_LEVEL_FEATURES)
    for table in tables:
        for feature in table:
            assert re.search(rf"\| *`?{re.escape(feature.name)}`? *\|", doc), feature.name
            assert feature.doc in doc, f"docs/learning.md: {feature.name}'s meaning is outdated"
    for name in ("enhancement_none", "edition_none", "seal_none", "stone", "total"):
        assert name in doc
    assert len(DECK_FEATURES) == 73

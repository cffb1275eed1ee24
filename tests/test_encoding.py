"""The encodings made for networks: inside their space and their documented ranges, the
mask kept out, nothing hidden shown, the flat form the same values as the entity form, and
the encoder's caches never stale (checked against a fresh encoder on states reached by
play). No torch needed."""

from __future__ import annotations

import zlib
from pathlib import Path

import numpy as np
import pytest
from balatro_ecs.components import Area
from balatro_ecs.envs.encoding import (
    ENTITY_CATEGORIES,
    ENTITY_INDEX,
    ENTITY_NUMBERS,
    ENTITY_SETS,
    GLOBAL_INDEX,
    GLOBAL_KEYS,
    RUN_COLUMNS,
    Encoder,
    unseen_cards,
)
from balatro_ecs.errors import BalatroError
from balatro_ecs.observe import HIDDEN, Layout
from balatro_ecs.policies import GreedyPolicy, RandomPolicy
from balatro_ecs.state import Phase
from balatro_ecs.testing.runs import play_blind

from balatro_ecs import Game

pytest.importorskip("gymnasium")

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "learning.md").read_text("utf-8")


def _states(seed: str, policy: str, steps: int = 160) -> list[Game]:
    """Clones of the game along a run (restarted when it ends), one per step."""
    game = Game(seed=seed, atomic=False)
    chooser = RandomPolicy(seed) if policy == "random" else GreedyPolicy(seed)
    out = []
    for step in range(steps):
        out.append(game.clone())
        if game.phase is Phase.GAME_OVER or game.run.won:
            game = Game(seed=f"{seed}{step}", atomic=False)
            chooser = RandomPolicy(f"{seed}{step}")
            continue
        game.apply(chooser.choose(game))
    return out


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_every_state_of_play_fits_the_space_and_the_caches_never_go_stale(policy: str) -> None:
    cached = Encoder()
    flat = Encoder(encoding="flat")
    space, flat_space = cached.space(), flat.space()
    phases = set()
    rng = np.random.default_rng(zlib.crc32(policy.encode()))
    for game in _states(f"ENC{policy[:3].upper()}", policy):
        phases.add(game.phase)
        hand = len(game.area(Area.HAND))
        chosen = tuple(sorted(set(rng.integers(0, max(1, hand), size=3).tolist()))) if hand else ()
        obs = cached.encode(game, chosen, noops_left=0.5)
        outside = [k for k, box in space.spaces.items() if not box.contains(obs[k])]
        assert not outside, [
            (k, obs[k].shape, space.spaces[k].shape, float(obs[k].min()), float(obs[k].max()))
            for k in outside
        ]
        assert _same(obs, Encoder().encode(game, chosen, noops_left=0.5))  # no stale cache
        numbers = [v for k, v in obs.items() if k == "global" or k in ENTITY_SETS]
        assert all(np.all(np.abs(v) <= 4) for v in numbers)
        assert "action_mask" not in obs
        flat_obs = flat.encode(game, chosen, noops_left=0.5)
        assert flat_space.contains(flat_obs)
        assert _same(flat_obs, flat.flatten(obs))
        # The selection alone changed: reselect gives what encoding afresh gives.
        again = cached.reselect(obs, game, (), selection_limit=5, noops_left=1.0)
        assert _same(again, Encoder().encode(game))
        assert _same(flat.reselect(flat_obs, game, ()), flat.encode(game))
        fresh = Encoder().encode(game, chosen[:2], noops_left=0.25)
        assert _same(cached.reselect(obs, game, chosen[:2], noops_left=0.25), fresh)
        game.close()
    assert {Phase.BLIND_SELECT, Phase.ROUND, Phase.SHOP} <= phases


def test_the_columns_say_what_the_game_shows() -> None:
    game = Game(seed="ENCCOLS1")
    play_blind(game)
    enc = Encoder()
    obs = enc.encode(game, (0, 2))
    glob = obs["global"]
    run = game.run
    assert glob[GLOBAL_INDEX["phase_round"]] == 1.0
    assert glob[GLOBAL_INDEX["ante"]] == pytest.approx(run.ante / 8)
    assert glob[GLOBAL_INDEX["money"]] == pytest.approx(np.log10(1 + run.dollars) / 2)
    assert glob[GLOBAL_INDEX["hands_left"]] == pytest.approx(run.hands_left / 10)
    assert glob[GLOBAL_INDEX["selected"]] == pytest.approx(2 / 5)
    needed = np.log10(1 + run.blind_chips) / 8
    assert glob[GLOBAL_INDEX["blind_needed"]] == pytest.approx(needed, rel=1e-5)
    hand = game.hand
    cats = obs["hand_cat"]
    col = {c.name: i for i, c in enumerate(ENTITY_CATEGORIES)}
    for i, card in enumerate(hand):
        assert cats[i, col["rank"]] == card.base_rank - 1
        assert cats[i, col["suit"]] == int(card.suit) + 1
        assert obs["hand"][i, ENTITY_INDEX["selected"]] == (1.0 if i in (0, 2) else 0.0)
        assert obs["hand"][i, ENTITY_INDEX["slot"]] == pytest.approx(i / enc.layout.hand)
    assert obs["hand_mask"].sum() == len(hand)
    # The deck view: the unseen cards, counted; every card owned.
    unseen = unseen_cards(game)
    assert glob[GLOBAL_INDEX["unseen_total"]] == pytest.approx(len(unseen) / 52)
    assert glob[GLOBAL_INDEX["owned_total"]] == pytest.approx(len(game.playing_cards) / 52)
    spades = sum(1 for c in unseen if int(c.suit) == 0 and c.base_rank == 14)
    assert glob[GLOBAL_INDEX["unseen_S_A"]] == pytest.approx(spades / 4)
    keys = obs["global_keys"]
    assert keys[0] == enc.vocabulary.index(game.blind.key)  # type: ignore[union-attr]
    assert keys[4] == enc.vocabulary.index(game.deck.key)


def test_face_down_cards_and_jokers_show_only_that_they_are_face_down() -> None:
    game = Game(seed="ENCDOWN1")
    game.add_joker("j_joker")
    play_blind(game, "The House")
    assert all(card.face_down for card in game.hand)
    obs = Encoder().encode(game)
    rows = obs["hand"][: len(game.hand)]
    shown = [c.name for c in ENTITY_NUMBERS if c.name not in ("present", "face_down", "slot")]
    assert np.all(rows[:, [ENTITY_INDEX[n] for n in shown]] == 0)
    assert np.all(rows[:, ENTITY_INDEX["face_down"]] == 1)
    cats = obs["hand_cat"][: len(game.hand)]
    assert np.all(cats[:, 1:] == 0)  # kind stays: a playing card
    # Amber Acorn: jokers face down show the hidden key.
    game = Game(seed="ENCDOWN2")
    game.add_joker("j_joker")
    play_blind(game, "Amber Acorn")
    obs = Encoder().encode(game)
    assert obs["jokers_cat"][0, 1] == HIDDEN and obs["jokers"][0, ENTITY_INDEX["face_down"]] == 1


def test_face_down_cards_count_as_unseen_in_the_deck_view() -> None:
    game = Game(seed="ENCDOWN3")
    play_blind(game, "The House")
    enc = Encoder()
    glob = enc.encode(game)["global"]
    assert glob[GLOBAL_INDEX["unseen_total"]] == pytest.approx(
        (len(game.area(Area.DECK)) + len(game.hand)) / 52
    )
    assert glob[GLOBAL_INDEX["owned_total"]] == pytest.approx(1.0)


def test_shapes_layout_and_bad_options() -> None:
    enc = Encoder(layout=Layout(hand=24))
    obs = enc.encode(Game(seed="ENCSHAPE"))
    assert obs["hand"].shape == (24, len(ENTITY_NUMBERS))
    assert obs["shop"].shape[0] == 6 + 2 + 2
    assert [k for k in obs if not k.startswith("global") and "_" not in k] == list(ENTITY_SETS)
    flat = Encoder(encoding="flat")
    vec = flat.encode(Game(seed="ENCSHAPE"))
    assert vec["features"].shape == (flat.flat_size(),) and vec["keys"].shape == (flat.keys_size(),)
    with pytest.raises(BalatroError, match="encoding: one of"):
        Encoder(encoding="pixels")


def test_the_shop_set_holds_cards_then_vouchers_then_packs_with_their_prices() -> None:
    from balatro_ecs.run import shop

    game = Game(seed="ENCSHOP1", atomic=False)
    greedy = GreedyPolicy("ENCSHOP1")
    while game.phase is not Phase.SHOP:
        game.apply(greedy.choose(game))
    enc = Encoder()
    obs = enc.encode(game)
    layout = enc.layout
    rows, cats, mask = obs["shop"], obs["shop_cat"], obs["shop_mask"]
    money = game.run.dollars
    for i, item in enumerate(game.shop):
        price = shop.offer_price(game, item)
        assert rows[i, ENTITY_INDEX["cost"]] == pytest.approx(np.log10(1 + price) / 2)
        assert rows[i, ENTITY_INDEX["affordable"]] == float(price <= money)
        assert cats[i, 1] == enc.vocabulary.index(getattr(item, "key", None))
    for i, key in enumerate(game.shop_vouchers):
        assert cats[layout.shop + i, 1] == enc.vocabulary.index(key) and mask[layout.shop + i]
    at = layout.shop + layout.vouchers
    for i, key in enumerate(game.shop_packs):
        assert cats[at + i, 1] == enc.vocabulary.index(key) and mask[at + i]
    assert mask.sum() == len(game.shop) + len(game.shop_vouchers) + len(game.shop_packs)
    assert obs["global"][GLOBAL_INDEX["phase_shop"]] == 1.0


def test_every_column_is_documented_in_learning_md() -> None:
    for column in (*ENTITY_NUMBERS, *RUN_COLUMNS, *GLOBAL_KEYS):
        assert f"`{column.name}`" in DOC, f"docs/learning.md lacks the column {column.name}"
        assert column.doc in DOC, f"docs/learning.md: {column.name}'s meaning is outdated"
    for category in ENTITY_CATEGORIES:
        assert f"`{category.name}`" in DOC and category.doc in DOC, category.name

"""No public view leaks what the player cannot know.

For states reached by play and states made to hold hidden things (cards dealt face down
under The House, The Wheel, The Mark; Lucky cards, Misprint and Bloodstone; an unseen
voucher; a shop; an open pack), this makes *twins*: copies that differ only in what the
player cannot see -- the draw pile's order, a face-down card's identity (swapped with an
unseen card that could lie there), the random streams (every chance roll, future shop,
pack, boss, tag and draw), the ante's unseen voucher. Every public view must be the same
for a game and its twins: the raw observation (and its mask), the entity and flat
encodings, the two-step mask, ``player_view`` and the text screen, the player's preview
of plays, and what ``determinize`` makes (saved byte for byte). The plain preview, which
reads the real streams, is shown to differ: the hunt has teeth.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from balatro_ecs.components import Area
from balatro_ecs.policies import GreedyPolicy, RandomPolicy
from balatro_ecs.rng import GameRandom
from balatro_ecs.run import packs
from balatro_ecs.search import player_view, voucher_hidden
from balatro_ecs.state import Phase
from balatro_ecs.testing.runs import hold, play_blind

from balatro_ecs import Game, Plugins
from balatro_ecs.game.unseen import PlayerPreview, could_be_face_down, unseen_cards

pytest.importorskip("gymnasium")

from balatro_ecs.envs.encoding import Encoder
from balatro_ecs.envs.twostep import Selection, TwoStepSpace
from balatro_ecs.observe import Layout, Observer, describe_text

PLUGINS = Plugins.default()
OBSERVER = Observer(PLUGINS)
ENTITIES = Encoder(PLUGINS)
FLAT = Encoder(PLUGINS, encoding="flat")
TWO_STEP = TwoStepSpace(Layout(hand=24))


# ---------------------------------------------------------------------------------------
# twins: the same game, other hidden facts
# ---------------------------------------------------------------------------------------


def other_order(game: Game) -> Game | None:
    deck = game.area(Area.DECK)
    if len(deck) < 2:
        return None
    twin = game.clone()
    pile = twin.area(Area.DECK)
    order = np.random.default_rng(len(pile)).permutation(len(pile))
    pile[:] = [pile[int(i)] for i in order]
    for i, card in enumerate(pile):
        card.zone.slot = i
    return twin


def other_streams(game: Game) -> Game:
    twin = game.clone()
    twin.rng = GameRandom("TWIN2345")
    twin.seed = "TWIN2345"
    return twin


def other_face_down(game: Game) -> Game | None:
    """A face-down card swapped with an unseen card that could lie face down there."""
    hand = game.area(Area.HAND)
    down = [i for i, card in enumerate(hand) if card.face_down]
    deck = game.area(Area.DECK)
    if not down or not deck:
        return None
    twin = game.clone()
    hand, deck = twin.area(Area.HAND), twin.area(Area.DECK)
    # What the player knows of the face-down cards (under The Mark: faces), asked with
    # them still in hand; then one of them swapped with a pile card it could be.
    pool = unseen_cards(twin)
    fits = dict(zip(map(id, pool), could_be_face_down(twin, pool), strict=True))
    label = hand[down[0]].label
    swap = next((j for j, c in enumerate(deck) if fits[id(c)] and c.label != label), None)
    if swap is None:
        return None
    i = down[0]
    a, b = hand[i], deck[swap]
    hand[i], deck[swap] = b, a
    a.zone.area, a.zone.slot = Area.DECK, swap
    b.zone.area, b.zone.slot = Area.HAND, i
    a.set_face_down(False)
    b.set_face_down(True)
    twin.run.hand_layout = [b.serial if s == a.serial else s for s in twin.run.hand_layout]
    return twin


def other_voucher(game: Game) -> Game | None:
    if not voucher_hidden(game):
        return None
    twin = game.clone()
    owned = set(twin.run.vouchers) | {twin.run.voucher_offer}
    twin.run.voucher_offer = next(
        v.key for v in PLUGINS.all(type(PLUGINS.voucher("v_overstock_norm"))) if v.key not in owned
    )
    return twin


TWINS: dict[str, Callable[[Game], Game | None]] = {
    "draw order": other_order,
    "streams (chance, shops, packs, draws)": other_streams,
    "face-down identity": other_face_down,
    "unseen voucher": other_voucher,
}


# ---------------------------------------------------------------------------------------
# the public views
# ---------------------------------------------------------------------------------------


def _arrays(obs: dict[str, np.ndarray]) -> dict[str, list[Any]]:
    return {k: v.tolist() for k, v in obs.items()}


def _plays(game: Game) -> list[tuple[int, ...]]:
    n = len(game.area(Area.HAND))
    singles = [(i,) for i in range(n)]
    pairs = [(i, i + 1) for i in range(0, n - 1, 2)]
    return (singles + pairs + ([tuple(range(min(5, n)))] if n else []))[:12]


def _preview(result: Any) -> tuple[Any, ...]:
    assert isinstance(result, PlayerPreview)
    return (result.hand_name, result.score, result.chips, result.mult, result.low, result.high,
            result.exact, result.samples, result.dollars)  # fmt: skip


def views(game: Game) -> dict[str, Any]:
    """Everything the player, or a fair agent or search, may read."""
    out: dict[str, Any] = {
        "observation": _arrays(OBSERVER.observe(game)),
        "entities": _arrays(ENTITIES.encode(game)),
        "flat": _arrays(FLAT.encode(game)),
        "two-step mask": TWO_STEP.mask(game, Selection()).tolist(),
        "player_view": player_view(game),
        "text": describe_text(game),
        "unseen": sorted(card.label for card in unseen_cards(game)),
    }
    if game.phase in (Phase.ROUND, Phase.PACK) and game.area(Area.HAND):
        plays = _plays(game)
        out["player preview"] = [_preview(r) for r in game.preview_plays(plays, player=True)]
    out["determinize"] = [game.determinize(s).to_json() for s in (0, 1)]
    return out


def hunt(game: Game) -> list[str]:
    """The twins made of ``game`` (each checked: every view equal)."""
    seen = views(game)
    made = []
    for name, make in TWINS.items():
        twin = make(game)
        if twin is None:
            continue
        theirs = views(twin)
        for view, value in seen.items():
            assert theirs[view] == value, f"{view} shows the {name}"
        made.append(name)
        twin.close()
    return made


# ---------------------------------------------------------------------------------------
# the states
# ---------------------------------------------------------------------------------------


def _played(seed: str, policy: str, every: int, steps: int = 120) -> Iterator[Game]:
    """States along runs (a new run when one ends), every ``every`` steps."""
    game = Game(seed=seed, atomic=False)
    chooser = GreedyPolicy(seed) if policy == "greedy" else RandomPolicy(seed)
    for step in range(steps):
        if game.phase is Phase.GAME_OVER or game.run.won:
            game = Game(seed=f"{seed}{step}", atomic=False)
            chooser = GreedyPolicy(seed) if policy == "greedy" else RandomPolicy(f"{seed}{step}")
        if step % every == 0:
            yield game
        game.apply(chooser.choose(game))


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_no_view_leaks_on_states_of_play(policy: str) -> None:
    kinds: set[str] = set()
    phases: set[Phase] = set()
    for game in _played(f"FAIR{policy[0].upper()}", policy, every=4):
        kinds.update(hunt(game))
        phases.add(game.phase)
    assert {"draw order", "streams (chance, shops, packs, draws)", "unseen voucher"} <= kinds
    assert {Phase.BLIND_SELECT, Phase.ROUND} <= phases
    assert policy == "random" or {Phase.SHOP, Phase.CASH_OUT} <= phases


@pytest.mark.parametrize("boss", ["The House", "The Wheel", "The Mark", "The Fish"])
def test_face_down_cards_leak_through_no_view(boss: str) -> None:
    found = 0
    for n in range(8):
        game = Game(seed=f"DOWN{zlib.crc32(boss.encode()) % 1000}{n}")
        game.add_joker("j_misprint")
        play_blind(game, boss)
        if boss == "The Fish":
            game.apply(GreedyPolicy("x").choose(game))  # the next cards come face down
        if game.phase is not Phase.ROUND or not any(c.face_down for c in game.hand):
            continue
        assert "face-down identity" in hunt(game)
        found += 1
        if found == 2:
            break
    assert found, f"no face-down card under {boss}"


def test_under_the_mark_a_face_down_card_is_dealt_again_only_as_a_face_card() -> None:
    game = Game(seed="MARK0001")
    play_blind(game, "The Mark")
    hold(game, "KS", "QH", "2C", "3D", "5S")
    for card in game.hand:
        card.set_face_down(card.counts_as_face())
    for seed in range(12):
        world = game.determinize(seed)
        assert all(c.counts_as_face() for c in world.hand if c.face_down)
        assert not any(c.face_down for c in world.area(Area.DECK))
        assert sorted(c.label for c in unseen_cards(world)) == sorted(
            c.label for c in unseen_cards(game)
        )


def test_determinize_resamples_face_down_identities() -> None:
    game = Game(seed="HOUSE001")
    play_blind(game, "The House")
    assert all(c.face_down for c in game.hand)
    hands = {tuple(c.label for c in game.determinize(s).hand) for s in range(30)}
    assert len(hands) > 25  # the 30/30 identical worlds


def test_chance_and_hidden_cards_are_expected_not_read() -> None:
    """Lucky cards, Misprint and Bloodstone: the plain preview reads the run's streams
    (the twins' differ), the player's preview gives the same expectation to both."""
    game = Game(seed="LUCKY001")
    for key in ("j_misprint", "j_bloodstone"):
        game.add_joker(key)
    play_blind(game)
    hold(game, "AS lucky", "AH lucky", "KH", "QH", "2C", "7D", "9S", "3H")
    plays = [(0, 1), (2, 3), (0,), (2,)]
    real = [r.score for r in game.preview_plays(plays)]
    differs = False
    for seed in range(6):
        twin = other_streams(game)
        twin.rng = GameRandom(f"TWIN{seed}XYZ")
        differs |= [r.score for r in twin.preview_plays(plays)] != real
        assert [_preview(r) for r in twin.preview_plays(plays, player=True)] == [
            _preview(r) for r in game.preview_plays(plays, player=True)
        ]
    assert differs, "the plain preview reads the streams (the hunt would see a leak)"
    lucky = game.preview_play((0, 1), player=True)
    assert isinstance(lucky, PlayerPreview) and not lucky.exact and lucky.samples == 16
    assert lucky.low < lucky.score < lucky.high


def test_an_exact_play_is_previewed_once_and_agrees_with_the_plain_preview() -> None:
    game = Game(seed="EXACT001")
    game.add_joker("j_joker")
    play_blind(game)
    for play in _plays(game):
        mine, plain = game.preview_play(play, player=True), game.preview_play(play)
        assert isinstance(mine, PlayerPreview) and mine.exact and mine.samples == 1
        assert (mine.hand_name, mine.chips, mine.mult, mine.score) == (
            plain.hand_name, plain.chips, plain.mult, plain.score,
        )  # fmt: skip


def test_previews_and_hunts_change_nothing() -> None:
    game = Game(seed="STILL001")
    game.add_joker("j_bloodstone")
    play_blind(game, "The Wheel")
    before = game.to_json()
    game.preview_plays(_plays(game), player=True)
    hunt(game)
    assert game.to_json() == before


def test_an_open_pack_and_the_shop_leak_nothing() -> None:
    game = Game(seed="PACKS001", atomic=False)
    greedy = GreedyPolicy("PACKS001")
    while game.phase is not Phase.SHOP:
        game.apply(greedy.choose(game))
    assert {"streams (chance, shops, packs, draws)", "draw order"} <= set(hunt(game))
    packs.open_pack(game, "p_arcana_mega_1")
    assert game.phase is Phase.PACK and game.hand
    assert {"streams (chance, shops, packs, draws)", "draw order"} <= set(hunt(game))

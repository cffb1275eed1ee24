"""The select-then-act action space: its mask agrees with ``Game.can`` exactly, every
consumable is usable with its targets (held, bought and used, picked from a pack), every
hand position is playable, a selection limit above five needs no other space, and no-op
actions cannot stall an episode."""

from __future__ import annotations

import itertools
import zlib
from collections.abc import Iterator

import numpy as np
import pytest
from balatro_ecs.actions import Buy, BuyAndUse, Pick, Use
from balatro_ecs.components import Area
from balatro_ecs.content import ConsumableType
from balatro_ecs.jokers import Consumable
from balatro_ecs.observe import Layout
from balatro_ecs.run import packs
from balatro_ecs.state import Phase
from balatro_ecs.testing.runs import play_blind
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balatro_ecs import Game, Plugins

gym = pytest.importorskip("gymnasium")

from balatro_ecs.envs import BalatroEnv, masked_sample  # noqa: E402
from balatro_ecs.envs import twostep as twostep_module  # noqa: E402
from balatro_ecs.envs.twostep import Selection, TwoStepSpace, selection_limit  # noqa: E402

PLUGINS = Plugins.default()
SPACE = TwoStepSpace(Layout(hand=24), max_noops=4)


def check(game: Game, selection: Selection, space: TwoStepSpace = SPACE) -> np.ndarray:
    """The mask, index by index, against its definition: ``game.can`` of the decoded
    action for a game action, the toggle rule for a toggle, no-ops masked past the budget."""
    mask = space.mask(game, selection)
    hand = game.area(Area.HAND)
    chosen = selection.positions(game)
    exhausted = selection.noops >= space.max_noops
    for index in range(space.size):
        action = space.action(index, game, selection)
        if action is None:  # a toggle
            i = index - space.toggle
            card = hand[i] if i < len(hand) else None
            if card is None or card.forced or game.phase is Phase.GAME_OVER:
                expected = False
            elif card in selection.cards:
                expected = not exhausted
            else:
                expected = len(chosen) < selection_limit(game)
        else:
            expected = game.can(action) and not (
                exhausted and space.is_noop(index, game, selection)
            )
        assert mask[index] == expected, (space.name(index), action, game.phase)
    return mask


def _variants(game: Game) -> Iterator[Game]:
    """Copies given what play reaches rarely: targeted consumables held, a big hand, a
    forced card, a full joker row with an Eternal joker, an open Arcana pack."""
    if game.phase is Phase.GAME_OVER:
        return
    copy = game.clone()
    for key in ("c_magician", "c_death", "c_aura", "c_cryptid"):
        copy.add_consumable(key)
    yield copy
    copy = game.clone()
    copy.add_joker("j_joker", eternal=True)
    for _ in range(5):
        copy.add_joker("j_greedy_joker")
    yield copy
    if game.phase is Phase.ROUND and game.hand:
        copy = game.clone()
        copy.draw(8)  # more cards than the fixed space numbers
        copy.hand[-1].set_forced(True)
        copy.add_consumable("c_star")
        yield copy
    if game.phase is Phase.SHOP:
        copy = game.clone()
        packs.open_pack(copy, "p_arcana_mega_1")
        yield copy


def _random_selection(game: Game, rng: np.random.Generator) -> Selection:
    selection = Selection()
    hand = [c for c in game.area(Area.HAND) if not c.forced]
    if hand:
        k = int(rng.integers(0, min(len(hand), 4) + 1))
        selection.cards = [hand[int(i)] for i in rng.choice(len(hand), size=k, replace=False)]
    selection.noops = int(rng.integers(0, SPACE.max_noops + 1))
    return selection


@pytest.mark.parametrize("run", range(6))
def test_the_mask_agrees_with_game_can_on_states_of_play(run: int) -> None:
    env = BalatroEnv(actions="two_step", encoding="raw", max_noops=4)
    rng = np.random.default_rng(run)
    obs, _ = env.reset(seed=run)
    states = 0
    for step in range(220):
        game, selection = env.game, env.selection
        assert game is not None
        assert np.array_equal(check(game, selection, env.two_step), env.action_masks())  # type: ignore[arg-type]
        if step % 11 == 0:
            for variant in _variants(game):
                check(variant, _random_selection(variant, rng))
                check(variant, Selection())
                variant.close()
        states += 1
        obs, _, terminated, truncated, _ = env.step(masked_sample(obs["action_mask"], rng))
        if terminated or truncated:
            obs, _ = env.reset()
    assert states == 220


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 10**6), max_size=120))
def test_any_path_keeps_the_mask_exact(seed: int, choices: list[int]) -> None:
    """Hypothesis picks the legal actions (the selection and the no-op count included)."""
    env = BalatroEnv(actions="two_step", encoding="raw", max_noops=3)
    obs, _ = env.reset(seed=seed)
    for choice in choices:
        legal = np.flatnonzero(obs["action_mask"])
        if not legal.size:
            break
        obs, _, terminated, truncated, _ = env.step(int(legal[choice % legal.size]))
        assert env.game is not None
        check(env.game, env.selection, env.two_step)  # type: ignore[arg-type]
        if terminated or truncated:
            break
    env.close()


# ---------------------------------------------------------------------------------------
# every consumable, with its targets
# ---------------------------------------------------------------------------------------

ALL_CONSUMABLES = sorted(c.key for c in PLUGINS.all(ConsumableType) if c.key.startswith("c_"))
TARGETED = [k for k in ALL_CONSUMABLES if PLUGINS.consumable(k).targets[1] > 0]


def _round_with(key: str) -> tuple[BalatroEnv, Consumable]:
    """An env in a round, a joker held (some cards act on one), a Planet used before (The
    Fool copies the last one), ``key`` in the first consumable slot."""
    env = BalatroEnv(actions="two_step", encoding="raw")
    env.reset(seed=zlib.crc32(key.encode()))
    game = env.game
    assert game is not None
    game.run.dollars = 50
    game.add_joker("j_joker")
    play_blind(game)
    game.add_consumable("c_pluto")
    game.apply(Use(0))
    item = game.add_consumable(key)
    env._observe(changed=True)
    return env, item


def _usable_targets(
    game: Game, make: type[Use] | type[Pick], index: int, most: int
) -> tuple[int, ...] | None:
    n = len(game.area(Area.HAND))
    choices: list[tuple[int, ...]] = [()] if most == 0 else []
    choices += [c for k in range(1, most + 1) for c in itertools.combinations(range(n), k)]
    return next((c for c in choices if game.can(make(index, c))), None)


def _select(env: BalatroEnv, cards: tuple[int, ...]) -> None:
    space = env.two_step
    assert space is not None
    for i in cards:
        index = space.toggle + i
        assert env.action_masks()[index], space.name(index)
        env.step(index)


@pytest.mark.parametrize("key", ALL_CONSUMABLES)
def test_every_consumable_is_usable_from_its_slot_with_its_targets(key: str) -> None:
    env, item = _round_with(key)
    game, space = env.game, env.two_step
    assert game is not None and space is not None
    index = game.consumables.index(item)
    targets = _usable_targets(game, Use, index, item.type.targets[1])
    assert targets is not None, f"{key} is never usable here"
    _select(env, targets)
    use = space.use + index
    assert env.action_masks()[use], (key, targets)
    assert space.action(use, game, env.selection) == Use(index, targets)
    _, _, _, _, info = env.step(use)
    assert not info["illegal_action"] and "error" not in info
    assert item not in game.consumables, key
    env.close()


@pytest.mark.parametrize("key", TARGETED)
def test_every_targeted_card_is_usable_as_a_pack_pick(key: str) -> None:
    env = BalatroEnv(actions="two_step", encoding="raw")
    env.reset(seed=zlib.crc32(key.encode()) + 1)
    game, space = env.game, env.two_step
    assert game is not None and space is not None
    game.run.phase = Phase.SHOP
    pack = (
        "p_spectral_mega_1" if game.plugins.consumable(key).set == "Spectral" else "p_arcana_mega_1"
    )
    packs.open_pack(game, pack)
    game.drop_offer(game.pack[0])
    offer = game.new_consumable(key, area=Area.PACK)
    game.pack[0] = offer
    env._observe(changed=True)
    targets = _usable_targets(game, Pick, 0, offer.type.targets[1])
    assert targets
    assert not env.action_masks()[space.pick]  # no selection: a targeted card waits for one
    _select(env, targets)
    assert env.action_masks()[space.pick]
    _, _, _, _, info = env.step(space.pick)
    assert not info["illegal_action"] and "error" not in info
    assert offer not in game.pack
    env.close()


@pytest.mark.parametrize("key", ["c_pluto", "c_hermit", "c_wraith", "c_magician"])
def test_buy_and_use_in_the_shop_is_the_games_own_verdict(key: str) -> None:
    env = BalatroEnv(actions="two_step", encoding="raw")
    env.reset(seed=3)
    game, space = env.game, env.two_step
    assert game is not None and space is not None
    game.run.phase = Phase.SHOP
    game.run.dollars = 40
    game.add_joker("j_joker")
    offer = game.new_consumable(key, area=Area.SHOP)
    game.shop.insert(0, offer)
    game._renumber(game.shop)
    env._observe(changed=True)
    mask = env.action_masks()
    assert mask[space.buy_and_use] == game.can(BuyAndUse(0)) and mask[space.buy] == game.can(Buy(0))
    assert mask[space.buy_and_use] == (offer.type.targets[1] == 0)  # no hand in the shop


def test_hand_positions_past_the_tenth_are_playable() -> None:
    env = BalatroEnv(actions="two_step", encoding="entities")
    env.reset(seed=21)
    game, space = env.game, env.two_step
    assert game is not None and space is not None
    play_blind(game)
    game.draw(6)
    env._observe(changed=True)
    n = len(game.hand)
    assert n >= 12
    _select(env, (n - 1, 10))
    assert env.selection.positions(game) == (10, n - 1)
    played = [game.hand[10], game.hand[n - 1]]
    _, _, _, _, info = env.step(space.play)
    assert "hand" in info and not info["illegal_action"]
    assert all(card not in game.hand for card in played)


def test_a_selection_limit_above_five_needs_no_other_space(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(twostep_module, "selection_limit", lambda game: 7)
    game = Game(seed="LIMIT7")
    play_blind(game)
    game.draw(4)
    selection = Selection()
    space = TwoStepSpace(Layout(hand=24))
    for card in game.hand[:7]:
        mask = space.mask(game, selection)
        assert mask[space.toggle + game.hand.index(card)]
        selection.cards.append(card)
    mask = space.mask(game, selection)
    untaken = [space.toggle + i for i, c in enumerate(game.hand) if c not in selection.cards]
    assert not mask[untaken].any()  # the limit reached
    chosen = selection.positions(game)
    assert len(chosen) == 7
    assert mask[space.play] == game.can(space.action(space.play, game, selection))  # type: ignore[arg-type]


def test_no_ops_cannot_stall_an_episode() -> None:
    """An agent that takes a no-op (sort, move, deselect) whenever one is legal still ends
    its episodes: at most ``max_noops`` no-ops follow one another."""
    env = BalatroEnv(actions="two_step", encoding="raw", max_noops=3, max_steps=10_000)
    space = env.two_step
    assert space is not None
    rng = np.random.default_rng(5)
    obs, _ = env.reset(seed=5)
    run = longest = ended = 0
    for _ in range(3000):
        game = env.game
        assert game is not None
        legal = np.flatnonzero(obs["action_mask"])
        noops = [int(i) for i in legal if space.is_noop(int(i), game, env.selection)]
        action = noops[0] if noops else int(legal[rng.integers(legal.size)])
        run = run + 1 if noops else 0
        longest = max(longest, run)
        obs, _, terminated, truncated, _ = env.step(action)
        assert not truncated
        if terminated:
            ended += 1
            obs, _ = env.reset()
    assert longest <= 3 and ended >= 3


def test_the_fixed_space_masks_its_no_ops_past_the_budget() -> None:
    from balatro_ecs.actions import ACTION_SPACE

    env = BalatroEnv(max_noops=2)
    env.reset(seed=1)
    env.step(0)  # select the blind
    for _ in range(2):
        assert env.action_masks()[ACTION_SPACE.sort_rank]
        env.step(ACTION_SPACE.sort_rank)
    assert not env.action_masks()[ACTION_SPACE.sort_rank]
    assert env.action_masks().any()


def test_names_and_indices_round_trip() -> None:
    assert SPACE.name(0) == "select" and SPACE.name(SPACE.play) == "play"
    assert SPACE.name(SPACE.toggle + 2) == "toggle 3"
    assert SPACE.name(SPACE.use + 1) == "use 2 (selection)"
    for index in range(SPACE.size):
        if SPACE.is_toggle(index) or index in (SPACE.play, SPACE.discard):
            continue
        plain = (
            SPACE.untargeted.actions[index - SPACE.toggle - SPACE.hand_slots + 9]
            if index >= SPACE.toggle
            else None
        )
        action = (
            plain if plain is not None else SPACE.action(index, Game(seed="NAMES"), Selection())
        )
        assert SPACE.index_of(action) == index  # type: ignore[arg-type]
    assert SPACE.index_of(Use(3, (0, 1))) == SPACE.use + 3

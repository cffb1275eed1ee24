"""The duel's PettingZoo Parallel API: the API test, the simultaneous hand phase, the wait
action, masks, seeding, and an illegal action that changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import parallel_api_test, parallel_seed_test

from balatro_ecs.duel import ACTION_SPACE, Phase
from balatro_ecs.duel.parallel_env import WAIT, BalatroDuelParallelEnv, parallel_env
from balatro_ecs.duel.pettingzoo_env import encode
from balatro_ecs.kernel.errors import IllegalActionError


def _random_actions(e: BalatroDuelParallelEnv, obs: dict, rng: np.random.Generator) -> dict:
    return {agent: int(rng.choice(np.flatnonzero(obs[agent]["action_mask"]))) for agent in e.agents}


def test_the_parallel_api_test_passes() -> None:
    parallel_api_test(parallel_env(), num_cycles=2000)


def test_the_seed_test_passes() -> None:
    parallel_seed_test(parallel_env)


def test_the_hand_phase_is_simultaneous_and_the_others_wait() -> None:
    e = parallel_env()
    obs, _ = e.reset(seed=4)
    duel = e.duel
    assert duel is not None and duel.phase is Phase.HAND
    for agent in e.agents:  # both may act in the hand phase, neither may wait
        mask = obs[agent]["action_mask"]
        assert mask[WAIT] == 0 and mask[:WAIT].any()
    keep = ACTION_SPACE.index[ACTION_SPACE[0]]
    obs, *_ = e.step({"player_0": keep, "player_1": keep})  # both keep, in one step
    assert duel.phase is Phase.REVEAL
    acting = f"player_{duel.to_act[0]}"
    waiting = next(a for a in e.agents if a != acting)
    assert obs[waiting]["action_mask"].tolist() == [0] * WAIT + [1]
    assert obs[acting]["action_mask"][WAIT] == 0
    for agent in e.agents:  # each sees what the AEC env's observation shows it
        player = int(agent[-1])
        assert np.array_equal(obs[agent]["observation"], encode(duel, player))
        assert (
            obs[agent]["action_mask"][:WAIT].tolist() == [int(m) for m in duel.action_mask(player)]
            or agent == waiting
        )


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = parallel_env()
    obs, _ = e.reset(seed=9)
    assert e.duel is not None
    before = e.duel.to_json()
    with pytest.raises(IllegalActionError, match="may act now"):
        e.step({"player_0": WAIT, "player_1": 0})
    with pytest.raises(IllegalActionError, match="no action for player_1"):
        e.step({"player_0": 0})
    illegal = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        e.step({"player_0": 0, "player_1": illegal})
    assert e.duel.to_json() == before


def test_a_duel_ends_with_plus_minus_one_and_replays_from_its_seed() -> None:
    def episode(seed: int) -> tuple[list[dict], dict]:
        e = parallel_env(max_rounds=500)
        obs, _ = e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps, totals = [], {a: 0.0 for a in e.possible_agents}
        while e.agents:
            actions = _random_actions(e, obs, rng)
            steps.append(actions)
            obs, rewards, _, _, _ = e.step(actions)
            for agent, r in rewards.items():
                totals[agent] += r
        return steps, totals

    first, totals = episode(13)
    assert episode(13) == (first, totals)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert any(all(a != WAIT for a in step.values()) for step in first)  # simultaneous steps

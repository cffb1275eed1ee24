"""The environment's fast paths give what making everything anew gives.

The env keeps a great deal between steps (the encoder's rows and counts, the last
observation for a step that only toggled a card, the game's mask of the untargeted
actions, the game's verdicts on the selection's actions, the selection's poker hand).
Here every observation and mask of long random episodes, illegal actions and resets
included, is compared with a fresh encoder's or observer's output and a fresh mask; and
an observation handed out is the caller's: later steps never change it, and writing into
it changes nothing the env gives afterwards.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from balatro_ecs.envs import BalatroEnv
from balatro_ecs.envs.encoding import Encoder
from balatro_ecs.envs.gym_env import V1_OPTIONS
from balatro_ecs.envs.twostep import TwoStepSpace, selection_limit
from balatro_ecs.observe import Observer

pytest.importorskip("gymnasium")

CASES: dict[str, dict[str, Any]] = {
    "v0": {},
    "v1": dict(V1_OPTIONS),
    "two_step_flat": {"actions": "two_step", "encoding": "flat", "max_noops": 2},
    "two_step_raw": {"actions": "two_step", "skip_blinds": False},
    "fixed_entities": {"encoding": "entities"},
}


def _expected(env: BalatroEnv) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """The observation and the mask now, made from scratch."""
    game = env.game
    assert game is not None
    if env.two_step is not None:
        space = TwoStepSpace(env.layout, max_noops=env.max_noops)
        mask = space.mask(game, env.selection)
        selected = env.selection.positions(game)
        limit, noops = selection_limit(game), env.selection.noops
    else:
        mask = np.array(game.action_mask(), dtype=bool)
        if env._noops >= env.max_noops:
            mask &= ~env._fixed_noop
        selected, limit, noops = (), 5, env._noops
    if not env.skip_blinds:
        mask[1] = False
    left = 1.0 - min(1.0, noops / env.max_noops) if env.max_noops else 0.0
    if env.encoding == "raw":
        obs = Observer(env.plugins, env.layout).observe(game, action_mask=False)
        if env.two_step is not None:
            flags = np.zeros(env.layout.hand, dtype=np.int8)
            flags[[i for i in selected if i < env.layout.hand]] = 1
            obs["selected"] = flags
    else:
        encoder = Encoder(env.plugins, env.layout, encoding=env.encoding)
        obs = encoder.encode(game, selected, selection_limit=limit, noops_left=left)
    obs["action_mask"] = mask.astype(np.int8)
    return obs, mask


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(
        a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in a
    )


@pytest.mark.parametrize("case", list(CASES))
def test_every_step_observes_what_a_fresh_encoder_and_mask_give(case: str) -> None:
    env = BalatroEnv(**CASES[case])
    rng = np.random.default_rng(11)
    obs, _ = env.reset(seed=4)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    episodes = illegal = 0
    for step in range(700):
        expected, mask = _expected(env)
        assert _same(obs, expected), (case, step, env.action_name(0))
        assert np.array_equal(env.action_masks(), mask)
        if step % 23 == 0:
            kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        if step % 17 == 5:  # the caller writes into what it got
            for value in obs.values():
                value[...] = 0
        legal = np.flatnonzero(mask)
        if rng.random() < 0.03 or not legal.size:
            action = int(rng.integers(env.action_space.n))
        else:
            action = int(legal[rng.integers(legal.size)])
        obs, _, terminated, truncated, info = env.step(action)
        illegal += info["illegal_action"]
        if terminated or truncated:
            episodes += 1
            obs, _ = env.reset()
    assert episodes >= 2 and illegal >= 3
    # What was handed out and left alone was never changed by later steps.
    untouched = [(h, c) for i, (h, c) in enumerate(kept) if (23 * i) % 17 != 5]
    assert untouched and all(_same(h, c) for h, c in untouched)

"""Learning environments: a Gymnasium environment over seeded runs (needs the ``gym`` extra:
``pip install balatro-ecs[gym]``).

Importing this package registers :data:`ENV_ID` with Gymnasium::

    import gymnasium as gym
    import balatro_ecs.envs  # registers balatro_ecs/Balatro-v0

    env = gym.make("balatro_ecs/Balatro-v0", deck="Red Deck", stake="White Stake")
    envs = gym.make_vec("balatro_ecs/Balatro-v0", num_envs=4, vectorization_mode="async")

(``gym.make("balatro_ecs.envs:balatro_ecs/Balatro-v0")`` imports it for you.) See
``docs/learning.md`` for the observation, the reward and the action mask.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.envs.registration import register, registry

from .bench import bench_env
from .gym_env import SEED_ALPHABET, BalatroEnv, seed_from_rng

__all__ = ["ENV_ID", "SEED_ALPHABET", "BalatroEnv", "bench_env", "masked_sample", "seed_from_rng"]

#: The registered id of :class:`BalatroEnv`.
ENV_ID = "balatro_ecs/Balatro-v0"

if ENV_ID not in registry:
    register(id=ENV_ID, entry_point="balatro_ecs.tools.envs.gym_env:BalatroEnv")


def masked_sample(mask: npt.NDArray[Any], rng: np.random.Generator) -> int:
    """A uniformly random legal action index under ``mask`` (0 if nothing is legal: the
    action an autoresetting vector env ignores after an episode's end).

    >>> masked_sample(np.array([0, 1, 0, 1], dtype=np.int8), np.random.default_rng(0)) in (1, 3)
    True
    """
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if legal.size else 0

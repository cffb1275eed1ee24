"""Learning environments: a Gymnasium environment over seeded runs (needs the ``gym`` extra:
``pip install balatro-ecs[gym]``).

Importing this package registers :data:`ENV_ID` (the fixed action space and the raw
observation) and :data:`ENV_ID_V1` (the select-then-act space for the whole game and the
normalised entity encoding) with Gymnasium::

    import gymnasium as gym
    import balatro_ecs.envs  # registers balatro_ecs/Balatro-v0 and -v1

    env = gym.make("balatro_ecs/Balatro-v1", deck="Red Deck", stake="White Stake")
    envs = gym.make_vec("balatro_ecs/Balatro-v0", num_envs=4, vectorization_mode="async")

(``gym.make("balatro_ecs.envs:balatro_ecs/Balatro-v1")`` imports it for you.) See
``docs/learning.md`` for the observations, the actions, the rewards and the masks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.envs.registration import register, registry

from .bench import bench_env
from .encoding import Encoder
from .gym_env import SEED_ALPHABET, V1_OPTIONS, BalatroEnv, seed_from_rng
from .twostep import Selection, TwoStepSpace

__all__ = [
    "ENV_ID",
    "ENV_ID_V1",
    "SEED_ALPHABET",
    "BalatroEnv",
    "Encoder",
    "Selection",
    "TwoStepSpace",
    "bench_env",
    "masked_sample",
    "seed_from_rng",
]

#: The registered id of :class:`BalatroEnv` with the fixed action space and the raw
#: observation.
ENV_ID = "balatro_ecs/Balatro-v0"
#: The registered id of :class:`BalatroEnv` with the two-step action space and the
#: ``"entities"`` encoding (:data:`~balatro_ecs.envs.gym_env.V1_OPTIONS`).
ENV_ID_V1 = "balatro_ecs/Balatro-v1"

if ENV_ID not in registry:
    register(id=ENV_ID, entry_point="balatro_ecs.tools.envs.gym_env:BalatroEnv")
if ENV_ID_V1 not in registry:
    register(
        id=ENV_ID_V1, entry_point="balatro_ecs.tools.envs.gym_env:BalatroEnv", kwargs=V1_OPTIONS
    )


def masked_sample(mask: npt.NDArray[Any], rng: np.random.Generator) -> int:
    """A uniformly random legal action index under ``mask`` (0 if nothing is legal: the
    action an autoresetting vector env ignores after an episode's end).

    >>> masked_sample(np.array([0, 1, 0, 1], dtype=np.int8), np.random.default_rng(0)) in (1, 3)
    True
    """
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)]) if legal.size else 0

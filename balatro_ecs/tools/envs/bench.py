"""How fast the environment steps: a masked random agent, single and vectorised.

``python -m balatro_ecs.envs.bench [STEPS]`` prints env steps per second for one env
and for 2 envs vectorised (``sync``; ``async`` too with ``--async``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

__all__ = ["bench_env"]


def bench_env(
    steps: int = 2000, *, num_envs: int = 1, mode: str = "single", seed: int = 0, **kwargs: Any
) -> dict[str, Any]:
    """Step a masked random agent ``steps`` env steps in total; returns the rate.

    ``mode``: ``"single"`` (one :class:`~balatro_ecs.envs.BalatroEnv`, reset by hand at an
    episode's end) or ``"sync"``/``"async"`` (``gymnasium.make_vec`` with ``num_envs``,
    autoresetting). ``kwargs`` go to the env. The figure counts every env step, including
    a vector env's reset steps.
    """
    import gymnasium as gym

    from . import ENV_ID, BalatroEnv, masked_sample

    rng = np.random.default_rng(seed)
    episodes = 0
    if mode == "single":
        env = BalatroEnv(**kwargs)
        obs, _ = env.reset(seed=seed)
        start = time.perf_counter()
        for _ in range(steps):
            obs, _, terminated, truncated, _ = env.step(masked_sample(obs["action_mask"], rng))
            if terminated or truncated:
                episodes += 1
                obs, _ = env.reset()
        elapsed = time.perf_counter() - start
        env.close()
        done = steps
    else:
        envs = gym.make_vec(ENV_ID, num_envs=num_envs, vectorization_mode=mode, **kwargs)
        obs, _ = envs.reset(seed=seed)
        rounds = max(1, steps // num_envs)
        start = time.perf_counter()
        for _ in range(rounds):
            masks = obs["action_mask"]
            actions = np.array([masked_sample(m, rng) for m in masks])
            obs, _, terminated, truncated, _ = envs.step(actions)
            episodes += int(np.sum(terminated | truncated))
        elapsed = time.perf_counter() - start
        envs.close()
        done = rounds * num_envs
    return {
        "mode": mode,
        "num_envs": 1 if mode == "single" else num_envs,
        "steps": done,
        "episodes": episodes,
        "seconds": elapsed,
        "steps_per_second": done / elapsed if elapsed > 0 else float("inf"),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("steps", nargs="?", type=int, default=5000)
    parser.add_argument("--envs", type=int, default=2, help="vectorised envs (default 2)")
    parser.add_argument("--async", dest="use_async", action="store_true", help="also async")
    args = parser.parse_args(argv)
    runs = [("single", 1), ("sync", args.envs)]
    if args.use_async:
        runs.append(("async", args.envs))
    for mode, n in runs:
        result = bench_env(args.steps, num_envs=n, mode=mode)
        print(
            f"{mode:>6} x{result['num_envs']}: {result['steps_per_second']:8.0f} env steps/s "
            f"({result['steps']} steps, {result['episodes']} episodes, "
            f"{result['seconds']:.2f} s)"
        )


if __name__ == "__main__":
    main()

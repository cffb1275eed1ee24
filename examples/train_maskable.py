"""Train a masked agent on Balatro runs, or watch a masked random one.

With sb3-contrib installed (``pip install sb3-contrib``, which brings PyTorch), this trains
MaskablePPO on vectorised environments for a few thousand steps and then plays a few
episodes with the trained policy. Without it (or with ``--random``), a masked random agent
plays a few episodes through ``gymnasium.make_vec``. Either way it prints a summary.

    python examples/train_maskable.py                     # a few seconds
    python examples/train_maskable.py --timesteps 200000  # a longer training run
    python examples/train_maskable.py --random --episodes 20 --mode async
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from typing import Any

import gymnasium as gym
import numpy as np
from balatro_ecs.envs import ENV_ID, BalatroEnv, masked_sample


def random_agent(episodes: int, num_envs: int, mode: str, seed: int) -> list[dict[str, Any]]:
    """Play ``episodes`` episodes with uniformly random legal actions (masks followed)."""
    envs = gym.make_vec(ENV_ID, num_envs=num_envs, vectorization_mode=mode)
    rng = np.random.default_rng(seed)
    obs, _ = envs.reset(seed=seed)
    returns = np.zeros(num_envs)
    finished: list[dict[str, Any]] = []
    steps = 0
    while len(finished) < episodes:
        actions = np.array([masked_sample(mask, rng) for mask in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        steps += num_envs
        returns += rewards
        for i in np.flatnonzero(terminated | truncated):
            finished.append(
                {
                    "return": float(returns[i]),
                    "ante": int(info["ante"][i]),
                    "rounds_beaten": int(info["rounds_beaten"][i]),
                    "won": bool(info["won"][i]),
                    "steps": int(info["steps"][i]),
                }
            )
            returns[i] = 0.0
    envs.close()
    return finished[:episodes]


def train_maskable(timesteps: int, episodes: int, num_envs: int, seed: int) -> list[dict[str, Any]]:
    """Train MaskablePPO for ``timesteps`` steps, then play ``episodes`` episodes with it."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    train_envs = make_vec_env(BalatroEnv, n_envs=num_envs, seed=seed)
    model = MaskablePPO("MultiInputPolicy", train_envs, n_steps=256, batch_size=64, seed=seed)
    model.learn(total_timesteps=timesteps)
    env = BalatroEnv()
    finished = []
    for episode in range(episodes):
        obs, info = env.reset(seed=seed + 1000 + episode)
        total, done = 0.0, False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            total += float(reward)
            done = terminated or truncated
        finished.append(
            {
                "return": total,
                "ante": info["ante"],
                "rounds_beaten": info["rounds_beaten"],
                "won": info["won"],
                "steps": info["steps"],
            }
        )
    return finished


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=2048, help="training steps (PPO)")
    parser.add_argument("--episodes", type=int, default=5, help="episodes to play and report")
    parser.add_argument("--envs", type=int, default=2, help="vectorised environments")
    parser.add_argument("--mode", choices=("sync", "async"), default="sync")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--random", action="store_true", help="masked random agent only")
    args = parser.parse_args(argv)

    use_ppo = not args.random and importlib.util.find_spec("sb3_contrib") is not None
    start = time.perf_counter()
    if use_ppo:
        agent = f"MaskablePPO ({args.timesteps} training steps)"
        episodes = train_maskable(args.timesteps, args.episodes, args.envs, args.seed)
    else:
        agent = "masked random agent" + ("" if args.random else " (sb3-contrib not installed)")
        episodes = random_agent(args.episodes, args.envs, args.mode, args.seed)
    elapsed = time.perf_counter() - start

    antes = [e["ante"] for e in episodes]
    steps = sum(e["steps"] for e in episodes)
    print(f"{agent}: {len(episodes)} episodes in {elapsed:.1f} s")
    print(
        f"  mean ante {np.mean(antes):.2f} (best {max(antes)}), "
        f"mean rounds beaten {np.mean([e['rounds_beaten'] for e in episodes]):.2f}, "
        f"wins {sum(e['won'] for e in episodes)}, "
        f"mean return {np.mean([e['return'] for e in episodes]):.2f}, "
        f"mean length {steps / len(episodes):.1f} steps"
    )


if __name__ == "__main__":
    main()

"""Self-play for the duel: one MaskablePPO policy learns against frozen copies of itself.

Each generation, the learner plays player 0 or player 1 (at random) against an opponent
drawn from a pool of its own past selves (and, at first, the random policy), through the
duel's PettingZoo Parallel environment (``balatro_ecs.duel.parallel_env``: in the hand
phase both players act at once). After each generation the learner's weights join the
pool, and it is measured against the random and the heuristic policies.

    pip install 'balatro-ecs[learn]'
    python examples/duel_selfplay.py --generations 4 --steps 4096
    python examples/duel_selfplay.py --generations 20 --steps 50000   # a longer run

Without sb3-contrib, the same loop runs with the random policy on both sides (the env
and the pool work the same; nothing learns).
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from balatro_ecs.duel import Duel, play_duel
from balatro_ecs.duel.parallel_env import WAIT, parallel_env
from balatro_ecs.duel.pettingzoo_env import OBS_SIZE
from balatro_ecs.duel.policies import make_duel_policy


class SelfPlayEnv(gym.Env[np.ndarray, np.int64]):
    """One seat of the duel's Parallel env, the other seat played by an opponent.

    ``opponent(observation, mask) -> action index`` answers for the other seat; the
    learner's wait steps are skipped (it only sees the states where it acts). Reward: +1
    for winning the duel, -1 for losing it.
    """

    def __init__(self, opponents: list[Any], max_rounds: int = 60, seed: int = 0) -> None:
        self.par = parallel_env(max_rounds=max_rounds)
        self.opponents = opponents
        n = WAIT + 1
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32)
        self.rng = np.random.default_rng(seed)
        self.me = "player_0"
        self.obs: dict[str, Any] = {}
        self.opponent: Any = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        super().reset(seed=seed)
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        self.me = f"player_{int(self.rng.integers(2))}"
        self.opponent = self.opponents[int(self.rng.integers(len(self.opponents)))]
        self.obs, _ = self.par.reset(seed=int(self.rng.integers(2**31)))
        self._until_my_turn(0.0)  # (the learner acts in the first phase: nothing to skip)
        return self.obs[self.me]["observation"], {}

    def action_masks(self) -> np.ndarray:
        return self.obs[self.me]["action_mask"].astype(bool)

    def step(self, action: Any) -> Any:
        reward, done = self._act(int(action))
        if not done:
            reward, done = self._until_my_turn(reward)
        return (
            self.obs.get(self.me, {}).get("observation", np.zeros(OBS_SIZE, np.float32)),
            (reward),
            done,
            False,
            {},
        )

    def _act(self, mine: int) -> tuple[float, bool]:
        other = "player_1" if self.me == "player_0" else "player_0"
        theirs = self.opponent(self.obs[other]["observation"], self.obs[other]["action_mask"])
        self.obs, rewards, _, _, _ = self.par.step({self.me: mine, other: theirs})
        done = not self.par.agents
        return float(rewards.get(self.me, 0.0)), done

    def _until_my_turn(self, reward: float) -> tuple[float, bool]:
        while self.par.agents and self.obs[self.me]["action_mask"][WAIT]:
            got, done = self._act(WAIT)
            reward += got
            if done:
                return reward, True
        return reward, not self.par.agents


def random_opponent(rng: np.random.Generator) -> Any:
    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        legal = np.flatnonzero(mask)
        return int(legal[rng.integers(legal.size)])

    return act


def frozen(model: Any) -> Any:
    """A copy of the model's current policy, as an opponent (most likely legal action)."""
    source = model.policy
    policy = type(source)(**source._get_constructor_parameters())
    policy.load_state_dict(source.state_dict())
    policy.set_training_mode(False)

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = policy.predict(observation, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    return act


def win_rate(model: Any, against: str, duels: int, seed: int) -> float:
    """The trained policy (player 0 and player 1 in turn) against a built-in policy."""
    wins = 0
    for i in range(duels):
        duel = Duel(f"SELF{seed}-{i}", first_bettor=i % 2)
        me = i % 2
        other = make_duel_policy(against, f"OPP{i}")
        env = parallel_env()

        class Learned:
            name = "learned"
            policy = model.policy

            def choose(self, d: Duel, player: int) -> Any:
                from balatro_ecs.duel import ACTION_SPACE
                from balatro_ecs.duel.pettingzoo_env import encode

                mask = np.zeros(WAIT + 1, dtype=bool)
                mask[:WAIT] = d.action_mask(player)
                action, _ = self.policy.predict(
                    encode(d, player), action_masks=mask, deterministic=True
                )
                return ACTION_SPACE[int(action)]

        seats = [Learned(), other] if me == 0 else [other, Learned()]
        play_duel(duel, seats, max_rounds=60)
        wins += duel.over and duel.winner == me
        env.close()
        duel.close()
    return wins / duels


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=3)
    parser.add_argument("--steps", type=int, default=2048, help="learner steps per generation")
    parser.add_argument("--duels", type=int, default=20, help="evaluation duels per generation")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    pool: list[Any] = [random_opponent(rng)]
    started = time.perf_counter()
    if importlib.util.find_spec("sb3_contrib") is None:
        env = SelfPlayEnv(pool, seed=args.seed)
        env.reset(seed=args.seed)
        done, steps = False, 0
        while not done:
            legal = np.flatnonzero(env.action_masks())
            _, _, done, _, _ = env.step(int(legal[rng.integers(legal.size)]))
            steps += 1
        print(f"random self-play: one duel in {steps} learner steps (sb3-contrib not installed)")
        return
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = SelfPlayEnv(pool, seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=512, batch_size=128, n_epochs=4, seed=args.seed, verbose=0
    )
    for generation in range(1, args.generations + 1):
        model.learn(total_timesteps=args.steps, reset_num_timesteps=False)
        pool.append(frozen(model))
        vs_random = win_rate(model, "random", args.duels, generation)
        vs_heuristic = win_rate(model, "heuristic", args.duels, generation)
        print(
            f"generation {generation}: {model.num_timesteps} steps, pool {len(pool)}, "
            f"wins vs random {vs_random:.0%}, vs heuristic {vs_heuristic:.0%} "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()

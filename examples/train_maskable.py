"""Train MaskablePPO on Balatro runs with the whole-game action space, and evaluate it.

The recipe of ``docs/learning.md``: ``Balatro-v1``'s options (the select-then-act action
space, where every card and consumable target is reachable, and the normalised entity
encoding) with a smaller layout for speed, sb3-contrib's MaskablePPO, and
:class:`~balatro_ecs.tools.envs.extractor.EntityExtractor` (embeddings of the cards'
categories and attention between the cards, jokers, consumables and offers). It writes a
learning curve (CSV and PNG) while it trains, then plays 200 fixed seeds with the trained
agent, the random policy and the greedy policy, and reports blinds beaten, antes, wins and
the poker hands played.

    pip install 'balatro-ecs[learn]'   # torch, stable-baselines3, sb3-contrib
    python examples/train_maskable.py --timesteps 1000000 --out runs/ppo
    python examples/train_maskable.py --evaluate runs/ppo/model.zip --out runs/ppo
    python examples/train_maskable.py --random --episodes 20   # no torch needed

Without sb3-contrib (or with ``--random``) a masked random agent plays a few episodes
through ``gymnasium.make_vec`` instead.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from balatro_ecs.envs import ENV_ID, BalatroEnv, masked_sample
from balatro_ecs.observe import Layout

#: The layout the recipe trains with: fewer slots than Balatro-v1's (a smaller network),
#: enough for the hands, jokers and consumables of most runs.
TRAIN_LAYOUT = Layout(hand=12, jokers=8, consumables=4)
#: The seeds every agent is evaluated on.
EVAL_SEEDS = [f"EVAL{i:04d}" for i in range(200)]


def env_options(layout: Layout = TRAIN_LAYOUT, **extra: Any) -> dict[str, Any]:
    return {"actions": "two_step", "encoding": "entities", "layout": layout, **extra}


#: Whether the agent may skip blinds (``--no-skips``: a curriculum that plays every blind).
SKIPS = {"skip_blinds": True}


# ---------------------------------------------------------------------------------------
# without torch: a masked random agent
# ---------------------------------------------------------------------------------------


def random_agent(episodes: int, num_envs: int, mode: str, seed: int) -> list[dict[str, Any]]:
    """Play ``episodes`` episodes with uniformly random legal actions (masks followed)."""
    envs = gym.make_vec(ENV_ID, num_envs=num_envs, vectorization_mode=mode)
    rng = np.random.default_rng(seed)
    obs, _ = envs.reset(seed=seed)
    returns = np.zeros(num_envs)
    finished: list[dict[str, Any]] = []
    while len(finished) < episodes:
        actions = np.array([masked_sample(mask, rng) for mask in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = envs.step(actions)
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


# ---------------------------------------------------------------------------------------
# training
# ---------------------------------------------------------------------------------------


def train(args: argparse.Namespace) -> Path:
    """Train MaskablePPO; write the model, the curve (CSV, PNG) and a summary to ``out``."""
    import torch
    from balatro_ecs.envs.extractor import EntityExtractor
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    def make(rank: int) -> Any:
        def build() -> BalatroEnv:
            env = BalatroEnv(**env_options(max_steps=args.max_steps, **SKIPS))
            env.reset(seed=args.seed * 1000 + rank)
            return env

        return build

    vec = DummyVecEnv([make(i) for i in range(args.envs)])
    vec.seed(args.seed)

    class Curve(BaseCallback):  # type: ignore[misc]
        """Each finished episode's blinds beaten, ante and return; a point per rollout."""

        def __init__(self) -> None:
            super().__init__()
            self.returns = np.zeros(args.envs)
            self.hands: list[str] = []
            self.episodes: list[dict[str, float]] = []
            self.points: list[dict[str, float]] = []
            self.started = time.perf_counter()

        def _on_step(self) -> bool:
            self.returns += self.locals["rewards"]
            self.hands += [info["hand"] for info in self.locals["infos"] if "hand" in info]
            for i, done in enumerate(self.locals["dones"]):
                if done:
                    info = self.locals["infos"][i]
                    self.episodes.append(
                        {
                            "blinds": info["rounds_beaten"],
                            "passed": info["blinds_passed"],
                            "ante": info["ante"],
                            "return": float(self.returns[i]),
                        }
                    )
                    self.returns[i] = 0.0
            return True

        def _on_rollout_end(self) -> None:
            recent = self.episodes[-200:]
            if not recent:
                return
            point = {
                "timesteps": self.num_timesteps,
                "seconds": round(time.perf_counter() - self.started, 1),
                "episodes": len(self.episodes),
                "blinds_beaten": float(np.mean([e["blinds"] for e in recent])),
                "blinds_passed": float(np.mean([e["passed"] for e in recent])),
                "ante": float(np.mean([e["ante"] for e in recent])),
                "return": float(np.mean([e["return"] for e in recent])),
                "better_than_high_card": float(
                    np.mean([h != "High Card" for h in self.hands[-1000:]]) if self.hands else 0
                ),
            }
            self.points.append(point)
            if len(self.points) % 25 == 0:
                self.model.save(out / "model.zip")  # a checkpoint
            with (out / "curve.csv").open("w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=list(point))
                writer.writeheader()
                writer.writerows(self.points)
            if args.verbose:
                print(json.dumps(point), flush=True)

    model = MaskablePPO(
        "MultiInputPolicy",
        vec,
        learning_rate=args.lr,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        gamma=0.995,
        gae_lambda=0.95,
        ent_coef=args.ent_coef,
        policy_kwargs={
            "features_extractor_class": EntityExtractor,
            "features_extractor_kwargs": {"d_model": args.d_model, "layers": args.layers},
            "net_arch": {"pi": [128], "vf": [128]},
        },
        seed=args.seed,
        verbose=0,
    )
    curve = Curve()
    started = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=curve)
    seconds = time.perf_counter() - started
    model.save(out / "model.zip")
    plot_curve(out / "curve.csv", out / "curve.png")
    (out / "training.json").write_text(
        json.dumps({"timesteps": args.timesteps, "seconds": round(seconds, 1), **vars(args)}),
        "utf-8",
    )
    print(f"trained {args.timesteps} steps in {seconds / 60:.1f} min -> {out}")
    return out / "model.zip"


def plot_curve(csv_path: Path, png_path: Path) -> None:
    """The learning curve: blinds beaten and the return per episode, and the share of
    hands played that are better than High Card, by step (means over the last 200
    episodes, the last 1,000 hands)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(csv.DictReader(csv_path.open()))
    steps = [int(r["timesteps"]) for r in rows]
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    left.plot(steps, [float(r["blinds_beaten"]) for r in rows], color="#3b7dd8", label="beaten")
    passed = [float(r.get("blinds_passed", r["blinds_beaten"])) for r in rows]
    if passed != [float(r["blinds_beaten"]) for r in rows]:
        left.plot(steps, passed, color="#3b7dd8", linestyle="--", label="passed (or skipped)")
        left.legend(loc="upper left")
    left.set_xlabel("environment steps")
    left.set_ylabel("blinds beaten per episode", color="#3b7dd8")
    twin = left.twinx()
    twin.plot(steps, [float(r["return"]) for r in rows], color="#d8553b", alpha=0.6)
    twin.set_ylabel("return per episode", color="#d8553b")
    left.set_title("Blinds and return")
    if "better_than_high_card" in rows[0]:
        right.plot(steps, [float(r["better_than_high_card"]) for r in rows], color="#2a9d55")
    right.set_ylim(0, 1)
    right.set_xlabel("environment steps")
    right.set_ylabel("share of hands better than High Card")
    right.set_title("Reading the hand")
    figure.suptitle("MaskablePPO on Balatro (two-step actions, entity encoding)")
    figure.tight_layout()
    figure.savefig(png_path, dpi=110)
    plt.close(figure)


# ---------------------------------------------------------------------------------------
# evaluation on fixed seeds
# ---------------------------------------------------------------------------------------


def evaluate_agent(model_path: Path, seeds: list[str], max_steps: int) -> dict[str, Any]:
    """Play each seed once with the trained policy (the most likely legal action)."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(model_path, device="cpu")
    env = BalatroEnv(**env_options(max_steps=max_steps, **SKIPS))
    hands: Counter[str] = Counter()
    runs = []
    for seed in seeds:
        obs, info = env.reset(options={"seed": seed})
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, terminated, truncated, info = env.step(int(action))
            if "hand" in info:
                hands[info["hand"]] += 1
            done = terminated or truncated
        runs.append((info["rounds_beaten"], info["ante"], info["won"], info["blinds_passed"]))
    env.close()
    return _summary(runs, hands)


def evaluate_policy(policy: str, seeds: list[str]) -> dict[str, Any]:
    """Play each seed once with a built-in policy (the batch runner's records)."""
    from balatro_ecs.batch import RunSpec, play_seed

    hands: Counter[str] = Counter()
    runs = []
    spec = RunSpec(policy=policy, action_log=True)
    for seed in seeds:
        record = play_seed(seed, spec, policy=_counting(policy, seed, hands))
        skips = sum(1 for text in record.action_log if text == "skip")
        runs.append((record.blinds_beaten, record.ante, record.won, record.blinds_beaten + skips))
    return _summary(runs, hands)


def _counting(name: str, seed: str, hands: Counter[str]) -> Any:
    """The named policy, counting the poker hands it plays."""
    from balatro_ecs.actions import Play
    from balatro_ecs.policies import make_policy

    inner = make_policy(name, seed)

    class Counting:
        name = inner.name

        def choose(self, game: Any) -> Any:
            action = inner.choose(game)
            if isinstance(action, Play):
                hands[game.preview_play(action.cards).hand_name] += 1
            return action

    return Counting()


def _summary(runs: list[tuple[int, int, bool, int]], hands: Counter[str]) -> dict[str, Any]:
    blinds = [r[0] for r in runs]
    total = sum(hands.values()) or 1
    return {
        "runs": len(runs),
        "mean_blinds_beaten": round(float(np.mean(blinds)), 3),
        "median_blinds_beaten": float(np.median(blinds)),
        "mean_blinds_passed": round(float(np.mean([r[3] for r in runs])), 3),
        "mean_ante": round(float(np.mean([r[1] for r in runs])), 3),
        "wins": sum(1 for r in runs if r[2]),
        "hands_played": sum(hands.values()),
        "hand_types": {k: round(v / total, 4) for k, v in hands.most_common()},
    }


def evaluate(model_path: Path, out: Path, seeds: int, max_steps: int) -> dict[str, Any]:
    chosen = EVAL_SEEDS[:seeds]
    started = time.perf_counter()
    report = {
        "seeds": f"{chosen[0]}..{chosen[-1]}",
        "agent": evaluate_agent(model_path, chosen, max_steps),
        "random": evaluate_policy("random", chosen),
        "greedy": evaluate_policy("greedy", chosen),
    }
    report["seconds"] = round(time.perf_counter() - started, 1)
    out.mkdir(parents=True, exist_ok=True)
    (out / "evaluation.json").write_text(json.dumps(report, indent=2), "utf-8")
    for who in ("agent", "random", "greedy"):
        r = report[who]
        print(
            f"{who:>7}: blinds beaten {r['mean_blinds_beaten']:.2f} (median "
            f"{r['median_blinds_beaten']:.0f}), passed {r['mean_blinds_passed']:.2f}, "
            f"ante {r['mean_ante']:.2f}, wins {r['wins']}"
            f"/{r['runs']}, hands {r['hand_types']}"
        )
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=20_000, help="training steps")
    parser.add_argument("--envs", type=int, default=8, help="environments per rollout")
    parser.add_argument("--n-steps", type=int, default=256, help="steps per env per rollout")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.02)
    parser.add_argument("--d-model", type=int, default=64, help="the extractor's width")
    parser.add_argument(
        "--layers", type=int, default=0, help="attention layers in the extractor (0: none)"
    )
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--max-steps", type=int, default=3000, help="steps per episode")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--no-skips", action="store_true", help="curriculum: every blind is played (skip masked)"
    )
    parser.add_argument("--out", default="runs/maskable", help="where to write results")
    parser.add_argument("--eval-seeds", type=int, default=200, help="0: no evaluation")
    parser.add_argument("--evaluate", metavar="MODEL", help="only evaluate this model")
    parser.add_argument("--verbose", action="store_true", help="print each curve point")
    parser.add_argument("--random", action="store_true", help="masked random agent only")
    parser.add_argument("--episodes", type=int, default=5, help="episodes (--random)")
    parser.add_argument("--mode", choices=("sync", "async"), default="sync")
    args = parser.parse_args(argv)

    SKIPS["skip_blinds"] = not args.no_skips
    have_ppo = importlib.util.find_spec("sb3_contrib") is not None
    if args.random or not have_ppo:
        started = time.perf_counter()
        episodes = random_agent(args.episodes, 2, args.mode, args.seed)
        agent = "masked random agent" + ("" if args.random else " (sb3-contrib not installed)")
        antes = [e["ante"] for e in episodes]
        steps = sum(e["steps"] for e in episodes)
        print(f"{agent}: {len(episodes)} episodes in {time.perf_counter() - started:.1f} s")
        print(
            f"  mean ante {np.mean(antes):.2f} (best {max(antes)}), "
            f"mean rounds beaten {np.mean([e['rounds_beaten'] for e in episodes]):.2f}, "
            f"wins {sum(e['won'] for e in episodes)}, "
            f"mean return {np.mean([e['return'] for e in episodes]):.2f}, "
            f"mean length {steps / len(episodes):.1f} steps"
        )
        return
    model = Path(args.evaluate) if args.evaluate else train(args)
    if args.eval_seeds:
        evaluate(model, Path(args.out), args.eval_seeds, args.max_steps)


if __name__ == "__main__":
    main()

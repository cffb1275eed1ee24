"""The Stable-Baselines3 extractors and the training examples (only where PyTorch,
Stable-Baselines3 and sb3-contrib are installed: CI never installs them; the encodings
themselves are tested without torch in test_encoding.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")

from balatro_ecs.envs import BalatroEnv  # noqa: E402
from balatro_ecs.envs.extractor import EntityExtractor, FlatExtractor  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _batch(env: BalatroEnv, steps: int = 40) -> dict[str, torch.Tensor]:
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    seen = [obs]
    for _ in range(steps):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(legal[rng.integers(legal.size)]))
        seen.append(obs)
        if terminated or truncated:
            obs, _ = env.reset()
    return {k: torch.as_tensor(np.stack([o[k] for o in seen])).float() for k in seen[0]}


@pytest.mark.parametrize(
    ("encoding", "extractor"), [("entities", EntityExtractor), ("flat", FlatExtractor)]
)
def test_an_extractor_embeds_the_encoding_and_ignores_the_mask(
    encoding: str, extractor: type
) -> None:
    env = BalatroEnv(actions="two_step", encoding=encoding)
    net = extractor(env.observation_space)
    batch = _batch(env)
    out = net(batch)
    assert out.shape == (len(batch["action_mask"]), net.features_dim)
    assert torch.isfinite(out).all()
    batch["action_mask"] = 1 - batch["action_mask"]  # the mask is no feature
    assert torch.equal(net(batch), out)


def test_maskable_ppo_learns_a_few_steps_with_the_entity_extractor() -> None:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import make_vec_env

    torch.set_num_threads(1)
    envs = make_vec_env(
        BalatroEnv, n_envs=2, seed=0, env_kwargs={"actions": "two_step", "encoding": "entities"}
    )
    model = MaskablePPO(
        "MultiInputPolicy", envs, n_steps=64, batch_size=64, n_epochs=1, seed=0,
        policy_kwargs={"features_extractor_class": EntityExtractor},
    )  # fmt: skip
    model.learn(total_timesteps=128)
    env = BalatroEnv(actions="two_step", encoding="entities")
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]


def test_the_training_example_trains_and_evaluates(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_maskable.py"), "--timesteps", "256",
         "--envs", "2", "--n-steps", "64", "--batch-size", "64", "--epochs", "1",
         "--eval-seeds", "2", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "model.zip").exists() and (tmp_path / "curve.csv").exists()
    assert "greedy" in done.stdout and (tmp_path / "evaluation.json").exists()


def test_the_self_play_example_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "duel_selfplay.py"), "--generations", "1",
         "--steps", "512", "--duels", "2"],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "generation 1" in done.stdout

"""The Gymnasium environment: the checker passes, seeds reproduce, masks drive vectorised
envs, illegal actions and long episodes are handled as documented, and the example runs."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from balatro_ecs.game.actions import ACTION_SPACE, SelectBlind, SkipBlind  # noqa: E402
from balatro_ecs.tools.envs import ENV_ID, BalatroEnv, bench_env, masked_sample  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _play(env: BalatroEnv, seed: int, steps: int) -> list[tuple[float, bool, bool, dict]]:
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    out = []
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(masked_sample(obs["action_mask"], rng))
        out.append((float(reward), terminated, truncated, info))
        if terminated or truncated:
            obs, _ = env.reset()
    return out


@pytest.mark.parametrize(
    ("env_id", "options"),
    [
        (ENV_ID, {}),
        ("balatro_ecs/Balatro-v1", {}),
        ("balatro_ecs/Balatro-v1", {"encoding": "flat"}),
        ("balatro_ecs/Balatro-v1", {"encoding": "raw", "reward": "chips"}),
        (ENV_ID, {"encoding": "entities", "reward": "win"}),
    ],
)
def test_the_environment_passes_the_checker(env_id: str, options: dict) -> None:
    env = gym.make(env_id, render_mode="ansi", **options)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    messages = [str(w.message) for w in caught]
    assert not [m for m in messages if "WARN" in m], messages  # the checker's own warnings
    env.close()


def test_the_id_is_registered_and_importable_by_module() -> None:
    env = gym.make("balatro_ecs.tools.envs:balatro_ecs/Balatro-v0", deck="Blue Deck")
    env.reset(seed=3)
    assert isinstance(env.unwrapped, BalatroEnv)
    assert env.unwrapped.game is not None and env.unwrapped.game.deck.name == "Blue Deck"
    assert env.unwrapped.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    env.close()


def test_the_env_seed_picks_the_game_seed() -> None:
    env = BalatroEnv()
    _, first = env.reset(seed=11)
    _, again = env.reset(seed=11)
    _, other = env.reset(seed=12)
    assert first["seed"] == again["seed"] != other["seed"]
    assert len(first["seed"]) == 8 and "0" not in first["seed"] and "O" not in first["seed"]
    _, given = env.reset(options={"seed": "GIVEN123", "stake": 2})
    assert given["seed"] == "GIVEN123"
    assert env.game is not None and env.game.run.stake == 2
    assert _play(env, 5, 80) == _play(BalatroEnv(), 5, 80)


def test_steps_return_the_five_tuple_and_info() -> None:
    env = BalatroEnv()
    obs, info = env.reset(seed=1)
    assert set(info) >= {"ante", "round", "rounds_beaten", "won", "seed", "phase"}
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
    select = ACTION_SPACE.encode(SelectBlind())
    obs, reward, terminated, truncated, info = env.step(select)
    assert (info["phase"], terminated, truncated, reward) == ("round", False, False, 0.0)
    assert env.action_masks().dtype == bool and env.action_masks().any()


def test_an_illegal_action_changes_nothing_and_costs_the_penalty() -> None:
    env = BalatroEnv(illegal_penalty=0.5)
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game.to_json() if env.game else ""
    obs2, reward, terminated, truncated, info = env.step(illegal)
    assert reward == -0.5 and info["illegal_action"] and not (terminated or truncated)
    assert env.game is not None and env.game.to_json() == before
    assert all(np.array_equal(obs[k], obs2[k]) for k in obs)


def test_rewards_follow_the_blind_and_episodes_end() -> None:
    env = BalatroEnv()
    results = _play(env, 4, 600)
    ends = [r for r in results if r[1] or r[2]]
    assert ends, "some episode ended"
    for reward, terminated, _, info in results:
        assert -0.1 - 1e-9 <= reward <= 1.0 + 1.0 + 10.0 + 1e-9
        if terminated:
            assert info["phase"] == "game_over" or info["won"]
    passed = [r for r in results if r[0] >= 1.0]  # a blind beaten or skipped
    assert all(r[3]["blinds_passed"] >= 1 for r in passed)
    assert any(r[3]["rounds_beaten"] >= 1 for r in passed)


def test_a_long_episode_is_truncated() -> None:
    env = BalatroEnv(max_steps=5)
    env.reset(seed=0)
    sort = ACTION_SPACE.sort_rank
    env.step(ACTION_SPACE.encode(SelectBlind()))
    for _ in range(3):
        *_, truncated, _ = env.step(sort)
        assert not truncated
    *_, terminated, truncated, info = env.step(sort)
    assert truncated and not terminated and info["steps"] == 5


def test_render_gives_the_screen_as_text() -> None:
    env = BalatroEnv(render_mode="ansi")
    env.reset(seed=9)
    text = env.render()
    assert isinstance(text, str) and "Ante 1" in text
    assert env.game is not None and env.game.seed not in text
    assert BalatroEnv().render() is None


@pytest.mark.parametrize(
    ("env_id", "mode"),
    [(ENV_ID, "sync"), (ENV_ID, "async"), ("balatro_ecs/Balatro-v1", "sync")],
)
def test_vectorised_envs_step_with_masks(env_id: str, mode: str) -> None:
    envs = gym.make_vec(env_id, num_envs=2, vectorization_mode=mode)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, info = envs.reset(seed=42)
    size = envs.single_action_space.n  # type: ignore[attr-defined]
    assert obs["action_mask"].shape == (2, size)
    assert env_id != ENV_ID or size == ACTION_SPACE.size
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(60):
        masks = envs.call("action_masks")
        assert all(
            np.array_equal(m, o.astype(bool))
            for m, o in zip(masks, obs["action_mask"], strict=True)
        )
        actions = np.array([masked_sample(m, rng) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.shape == (2,) and envs.single_observation_space.contains(
            {k: v[0] for k, v in obs.items()}
        )
        finished += int(np.sum(terminated | truncated))
        # No illegal action was taken: the masks were followed (reset steps excepted).
        assert not np.any(info.get("illegal_action", np.zeros(2, bool)) & (actions != 0))
    assert finished > 0
    envs.close()


def test_the_benchmark_reports_steps_per_second() -> None:
    single = bench_env(200)
    vector = bench_env(200, num_envs=2, mode="sync")
    assert single["steps_per_second"] > 0 and vector["steps"] == 200


def test_compare_measures_both_trees_in_turns_and_leaves_out_what_one_cannot_run(
    tmp_path: Path,
) -> None:
    from balatro_ecs.tools.envs.bench import compare

    # A "before" tree whose package cannot even be imported: its cases are left out.
    (tmp_path / "balatro_ecs").mkdir()
    (tmp_path / "balatro_ecs" / "__init__.py").write_text("raise ImportError('too old')\n")
    rows = compare(str(tmp_path), steps=60, rounds=1)
    assert [row["case"] for row in rows] == ["after v0", "after v1"]
    assert all(row["cpu_steps_per_second"] > 0 and len(row["runs"]) == 1 for row in rows)
    assert all(row["compiled"] in (True, False) for row in rows)


def test_the_example_runs_its_random_agent_quickly() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_maskable.py"), "--random", "--episodes=3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "episodes" in result.stdout and "mean ante" in result.stdout


def test_curriculum_options_pick_per_episode_and_can_forbid_skipping() -> None:
    from balatro_ecs.envs import ENV_ID_V1

    env = BalatroEnv(deck=["Red Deck", "Blue Deck"], stake=[1, 2], start_ante=[1, 3])
    seen = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        assert env.game is not None
        seen.add((env.game.deck.name, env.game.run.stake, info["ante"]))
    assert {d for d, _, _ in seen} == {"Red Deck", "Blue Deck"}
    assert {s for _, s, _ in seen} == {1, 2} and {a for _, _, a in seen} == {1, 3}
    _, info = env.reset(options={"start_ante": 4, "seed": "LATEANTE"})
    assert info["ante"] == 4 and env.game is not None
    from balatro_ecs.run.blinds import blind_chips, blind_type_on_deck

    game = env.game
    assert game.phase.value == "blind_select" and game.run.round == 0
    assert blind_chips(game, blind_type_on_deck(game)) > 300  # the ante's, not the first's
    v1 = gym.make(ENV_ID_V1, skip_blinds=False).unwrapped
    obs, _ = v1.reset(seed=0)
    assert not obs["action_mask"][1] and not v1.action_masks()[1]  # skipping is masked
    _, reward, *_, info = v1.step(1)
    assert info["illegal_action"] and reward < 0


def test_a_skipped_blind_pays_what_a_beaten_one_does() -> None:
    env = BalatroEnv()
    env.reset(seed=3)
    _, reward, *_, info = env.step(ACTION_SPACE.encode(SkipBlind()))
    assert reward == 2.0 and info["blinds_passed"] == 1 and info["rounds_beaten"] == 0
    chips = BalatroEnv(reward="chips")
    chips.reset(seed=3)
    assert chips.step(ACTION_SPACE.encode(SkipBlind()))[1] == 1.0
    sparse = BalatroEnv(reward="win")
    sparse.reset(seed=3)
    assert sparse.step(ACTION_SPACE.encode(SkipBlind()))[1] == 0.0


def test_balatro_v1_is_deterministic_from_its_seed() -> None:
    def run() -> list[tuple[float, bool, bool, dict]]:
        env = gym.make("balatro_ecs/Balatro-v1").unwrapped
        return _play(env, 6, 300)

    first = run()
    assert first == run()
    assert any(r[3].get("hand") for r in first)  # hands were played, through toggles

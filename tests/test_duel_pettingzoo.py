"""The duel's PettingZoo AEC environment: the API test, hidden information, masks, rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from balatro_ecs.duel import ACTION_SPACE, Phase, Reveal
from balatro_ecs.duel.pettingzoo_env import OBS_SIZE, BalatroDuelEnv, encode, env
from balatro_ecs.kernel.components import Area


def _sample(e: object, agent: str, mask: np.ndarray) -> int:
    return int(e.action_space(agent).sample(mask))  # type: ignore[attr-defined]


# The dict observation with an action mask is PettingZoo's own convention for masked
# discrete actions; the API test still suggests a plain array for any dict.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_the_pettingzoo_api_test_passes() -> None:
    api_test(env(), num_cycles=1000)


def test_spaces_and_the_first_observation() -> None:
    e = env()
    e.reset(seed=3)
    agent = e.agent_selection
    assert agent == "player_0" and e.agents == ["player_0", "player_1"]
    obs, reward, terminated, truncated, info = e.last()
    assert obs["observation"].shape == (OBS_SIZE,) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (len(ACTION_SPACE),) and obs["action_mask"].dtype == np.int8
    assert e.observation_space(agent).contains(obs)
    assert e.action_space(agent).n == len(ACTION_SPACE)
    assert (reward, terminated, truncated, info) == (0, False, False, {})


def test_the_mask_is_the_duels_legal_actions() -> None:
    e = BalatroDuelEnv()
    e.reset(seed=11)
    for _ in range(200):
        if not e.agents:
            break
        agent = e.agent_selection
        obs, *_ = e.last()
        if e.terminations[agent] or e.truncations[agent]:
            e.step(None)
            continue
        player = int(agent[-1])
        assert e.duel is not None
        legal = set(e.duel.legal_actions(player))
        mask = obs["action_mask"]
        assert [bool(m) for m in mask] == [a in legal for a in ACTION_SPACE.actions]
        e.step(_sample(e, agent, mask))


def test_an_observation_hides_the_opponents_unrevealed_cards() -> None:
    e = BalatroDuelEnv()
    e.reset(seed=5)
    duel = e.duel
    assert duel is not None
    for p in (0, 1):  # both keep their first five cards
        duel.apply(p, ACTION_SPACE[0])
    assert duel.phase is Phase.REVEAL
    before = encode(duel, 0)
    game = duel.game(1)
    hidden, swapped_in = game.hand[2], game.area(Area.DECK)[0]
    game.move_card(hidden, Area.DECK, 0)
    game.move_card(swapped_in, Area.HAND, 2)
    assert np.array_equal(encode(duel, 0), before)  # what player_0 sees did not change
    assert not np.array_equal(encode(duel, 1), before)
    duel.apply(duel.to_act[0], Reveal(2))
    duel.apply(duel.to_act[0], Reveal(2))
    after = encode(duel, 0)
    game.move_card(swapped_in, Area.DECK, 0)
    game.move_card(hidden, Area.HAND, 2)
    assert not np.array_equal(encode(duel, 0), after)  # a revealed card is seen


def test_a_seeded_episode_is_reproducible_and_ends_with_plus_minus_one() -> None:
    def episode(seed: int) -> tuple[list[int], dict[str, float]]:
        e = BalatroDuelEnv()
        e.reset(seed=seed)
        for agent in e.possible_agents:
            e.action_space(agent).seed(seed)
        actions: list[int] = []
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter(max_iter=5000):
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
                continue
            action = _sample(e, agent, obs["action_mask"])
            actions.append(action)
            e.step(action)
        return actions, totals

    first, totals = episode(21)
    assert episode(21) == (first, totals)
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_chip_rewards_and_truncation() -> None:
    e = BalatroDuelEnv(reward="chips", max_rounds=1)
    e.reset(seed=8, options={"first_bettor": 1})
    assert e.duel is not None and e.duel.state.first == 1
    for _ in (0, 1):
        e.step(0)  # keep
    assert e.agent_selection == "player_1"
    e.step(ACTION_SPACE.index[Reveal(0)])
    e.step(ACTION_SPACE.index[Reveal(0)])
    fold = next(i for i, a in enumerate(ACTION_SPACE.actions) if a.verb == "fold")
    e.step(fold)  # player_1 folds: the 2-chip ante goes to player_0
    assert e.rewards == {"player_0": 0.02, "player_1": -0.02}
    assert not any(e.truncations.values())
    passing = next(i for i, a in enumerate(ACTION_SPACE.actions) if a.verb == "pass")
    e.step(passing)
    e.step(passing)  # round 2 begins: past max_rounds
    assert all(e.truncations.values())
    assert e.render() is None


def test_render_ansi_shows_the_acting_players_screen() -> None:
    e = BalatroDuelEnv(render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Player 1 ==" in text and "Hand" in text
    e.close()


def test_the_docs_give_the_spaces_sizes_and_layout() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "duel.md").read_text("utf-8")
    assert f"float32[{OBS_SIZE}]" in doc and f"int8[{len(ACTION_SPACE)}]" in doc
    assert f"`Discrete({len(ACTION_SPACE)})`" in doc
    rows = [
        line for line in doc.split("**Observation**", 1)[1].splitlines() if line.startswith("| ")
    ]
    lengths = [int(row.split("|")[1]) for row in rows if row.split("|")[1].strip().isdigit()]
    assert sum(lengths) == OBS_SIZE
    start = 0
    for verb, first, last in (
        ("keep", 0, 55), ("discard", 56, 273), ("nohand", 274, 274), ("move", 275, 294),
        ("reveal", 295, 299), ("check", 300, 300), ("raise", 301, 306), ("allin", 307, 307),
        ("fold", 308, 308), ("buy", 309, 311), ("pass", 312, 312), ("sell", 313, 317),
    ):  # fmt: skip
        assert (first, last) == (start, start + sum(a.verb == verb for a in ACTION_SPACE) - 1)
        assert all(a.verb == verb for a in ACTION_SPACE.actions[first : last + 1])
        start = last + 1
    assert start == len(ACTION_SPACE)

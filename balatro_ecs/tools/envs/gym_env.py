"""A Gymnasium environment: one seeded run of Balatro per episode.

Observations are :mod:`balatro_ecs.tools.observe`'s dict of arrays, with ``action_mask``; an
action is an index into :data:`~balatro_ecs.actions.ACTION_SPACE` (``Discrete(1336)``).
``docs/learning.md`` documents the observation, the reward and the episode's end.

>>> from balatro_ecs.envs import BalatroEnv
>>> env = BalatroEnv()
>>> obs, info = env.reset(seed=7)
>>> info["ante"], info["phase"], int(obs["action_mask"].sum())
(1, 'blind_select', 2)
>>> obs, reward, terminated, truncated, info = env.step(int(env.action_masks().argmax()))
>>> info["phase"], terminated, truncated
('round', False, False)
"""

from __future__ import annotations

import math
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ...game.actions import ACTION_SPACE
from ...game.game import Game
from ...game.state import Phase
from ...kernel.errors import BalatroError, show
from ...kernel.manager import Plugins
from ..observe import Layout, Observer

__all__ = ["SEED_ALPHABET", "BalatroEnv", "seed_from_rng"]

Obs = dict[str, npt.NDArray[Any]]

#: The game's seed alphabet (no 0, no O).
SEED_ALPHABET = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"


def seed_from_rng(rng: np.random.Generator, length: int = 8) -> str:
    """A game seed drawn from a numpy generator (the env's ``np_random``)."""
    picks = rng.integers(0, len(SEED_ALPHABET), size=length)
    return "".join(SEED_ALPHABET[int(i)] for i in picks)


class BalatroEnv(gym.Env[dict[str, Any], np.int64]):
    """One run of Balatro per episode, for reinforcement learning.

    :param deck: The deck of every run (``reset(options={"deck": ...})`` overrides it).
    :param stake: The stake of every run (likewise ``options["stake"]``).
    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param unlocks: The profile, ``"all"`` or ``"shipped"`` (see :class:`~balatro_ecs.game.Game`).
    :param max_steps: Steps before an episode is truncated.
    :param render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the screen as text).
    :param layout: The observation's slot counts (:class:`~balatro_ecs.tools.observe.Layout`).
    :param progress_reward: Reward for scoring a whole blind's requirement in a round, paid
        as the score grows (the fraction of the blind scored by each action, capped at 1).
    :param blind_reward: Reward for beating a blind.
    :param win_reward: Reward for winning the run (beating the boss of the winning ante).
    :param illegal_penalty: Subtracted from the reward of an illegal action, which changes
        nothing else (the game stays as it was).

    ``reset(seed=...)`` seeds :attr:`np_random`, from which each episode's game seed (8
    characters of the game's alphabet) is drawn: the same env seed gives the same runs.
    ``options`` may give ``seed`` (a game seed string), ``deck``, ``stake`` and ``unlocks``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium's own convention)
        "render_modes": ["ansi"],
        "render_fps": 4,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        *,
        deck: str | None = None,
        stake: str | int | None = None,
        plugins: Plugins | None = None,
        unlocks: str = "all",
        max_steps: int = 1000,
        render_mode: str | None = None,
        layout: Layout | None = None,
        progress_reward: float = 1.0,
        blind_reward: float = 1.0,
        win_reward: float = 10.0,
        illegal_penalty: float = 0.1,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: None or 'ansi', not {show(render_mode)}")
        self.render_mode = render_mode
        self.deck = deck
        self.stake = stake
        self.unlocks = unlocks
        self.max_steps = max_steps
        self.progress_reward = progress_reward
        self.blind_reward = blind_reward
        self.win_reward = win_reward
        self.illegal_penalty = illegal_penalty
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.observer = Observer(self.plugins, layout)
        self.observation_space = self.observer.space()
        self.action_space = spaces.Discrete(ACTION_SPACE.size)
        self.game: Game | None = None
        self._mask: npt.NDArray[np.int8] = np.zeros(ACTION_SPACE.size, dtype=np.int8)
        self._steps = 0
        self._rounds_beaten = 0
        self._progress = 0.0

    # -- the episode -------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        options = dict(options or {})
        game_seed = options.get("seed")
        if game_seed is None:
            game_seed = seed_from_rng(self.np_random)
        if self.game is not None:
            self.game.close()
        self.game = Game(
            deck=options.get("deck", self.deck),
            stake=options.get("stake", self.stake),
            seed=str(game_seed),
            plugins=self.plugins,
            unlocks=options.get("unlocks", self.unlocks),
            atomic=False,
        )
        self._steps = 0
        self._rounds_beaten = 0
        self._progress = 0.0
        return self._observe(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self._require_game()
        index = int(action)
        self._steps += 1
        reward = 0.0
        illegal = not (0 <= index < self._mask.size and self._mask[index])
        error: str | None = None
        if illegal:
            reward -= self.illegal_penalty
        else:
            phase_before, won_before = game.run.phase, game.run.won
            try:
                game.apply(ACTION_SPACE.decode(index))
            except BalatroError as err:  # a bug in the engine or a plugin: end the episode
                error = f"{type(err).__name__}: {err}"
            else:
                reward += self._reward(phase_before, won_before)
        run = game.run
        terminated = error is None and (run.phase is Phase.GAME_OVER or run.won)
        truncated = not terminated and (error is not None or self._steps >= self.max_steps)
        obs = self._observe()
        info = self._info(illegal=illegal)
        if error is not None:
            info["error"] = error
        return obs, reward, terminated, truncated, info

    def _reward(self, phase_before: Phase, won_before: bool) -> float:
        """The reward for the action just applied (see the class's docs)."""
        game = self._require_game()
        run = game.run
        reward = 0.0
        if run.phase is Phase.ROUND:
            needed = run.blind_chips
            progress = min(1.0, run.chips / needed) if needed > 0 and math.isfinite(needed) else 0.0
            if progress != progress:  # NaN: a score of nan
                progress = 0.0
            reward += self.progress_reward * max(0.0, progress - self._progress)
            self._progress = progress
        elif phase_before is Phase.ROUND:
            if run.phase is not Phase.GAME_OVER:  # the blind is beaten
                reward += self.progress_reward * (1.0 - self._progress)
                reward += self.blind_reward
                self._rounds_beaten += 1
            self._progress = 0.0
        if run.won and not won_before:
            reward += self.win_reward
        return reward

    # -- what the agent sees ---------------------------------------------------------------
    def _observe(self) -> Obs:
        game = self._require_game()
        obs = self.observer.observe(game)
        self._mask = obs["action_mask"]
        return obs

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        game = self._require_game()
        run = game.run
        return {
            "seed": game.seed,
            "ante": run.ante,
            "round": run.round,
            "rounds_beaten": self._rounds_beaten,
            "won": run.won,
            "money": run.dollars,
            "phase": run.phase.value,
            "steps": self._steps,
            "illegal_action": illegal,
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        """The screen as text (``render_mode="ansi"``); ``None`` without a render mode."""
        if self.render_mode != "ansi":
            return None
        from ..observe import describe_text

        return describe_text(self._require_game(), actions=False)

    def close(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None

    def _require_game(self) -> Game:
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        return self.game

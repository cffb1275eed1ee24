"""The duel as a PettingZoo Parallel environment: the hand phase is simultaneous
(``pip install 'balatro-ecs[duel]'``).

>>> from balatro_ecs.duel.parallel_env import parallel_env
>>> e = parallel_env()
>>> obs, infos = e.reset(seed=7)
>>> sorted(obs), [int(obs[a]["action_mask"][-1]) for a in e.agents]
(['player_0', 'player_1'], [0, 0])

Every step takes one action from every live agent. In the hand phase both players draw,
discard and keep *at once*: both act in the same step, each seeing only their own cards
(neither sees what the other does this step). In the reveal, gamble and shop phases one
player acts; the other's only legal action is :data:`WAIT` (the last index), which does
nothing. The action space is ``Discrete(319)``: the AEC env's 318 actions
(:data:`~balatro_ecs.duel.actions.ACTION_SPACE`) and ``WAIT``. Observations are the AEC
env's (:func:`~balatro_ecs.duel.pettingzoo_env.encode`, ``float32[OBS_SIZE]``) with a mask
over the 319 actions. Rewards, ``reward="chips"``, ``max_rounds`` and seeding are the AEC
env's (:class:`~balatro_ecs.duel.pettingzoo_env.BalatroDuelEnv`). An illegal action raises
:class:`~balatro_ecs.kernel.errors.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ..game.game import random_seed
from ..kernel.errors import BalatroError, IllegalActionError
from ..kernel.manager import Plugins
from .actions import ACTION_SPACE
from .core import Duel
from .pettingzoo_env import OBS_SIZE, encode
from .rules import PLAYERS
from .terminal import render_view

__all__ = ["WAIT", "BalatroDuelParallelEnv", "parallel_env"]

#: The index of the "wait" action (legal exactly when the agent may not act now).
WAIT = len(ACTION_SPACE)


class BalatroDuelParallelEnv(ParallelEnv):  # type: ignore[misc]
    """Balatro Poker for two agents, every agent acting at every step (PettingZoo Parallel).

    :param render_mode: ``"ansi"`` (``render()`` returns player 0's screen) or None.
    :param max_rounds: Truncate a duel that reaches this round.
    :param first_bettor: The player who bets first in the first betting phase.
    :param reward: ``"win"`` (+1 / -1 at the end) or ``"chips"`` (also each betting
        phase's chip change / 100).
    :param plugins: The plugin set (default: vanilla plus installed packs).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "balatro_duel_parallel_v0",
    }

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        max_rounds: int = 200,
        first_bettor: int = 0,
        reward: str = "win",
        plugins: Plugins | None = None,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise BalatroError(f"render_mode: ansi or None, not {render_mode!r}")
        if reward not in ("win", "chips"):
            raise BalatroError(f"reward: 'win' or 'chips', not {reward!r}")
        self.render_mode = render_mode
        self.max_rounds = max_rounds
        self.first_bettor = first_bettor
        self.reward_mode = reward
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.possible_agents = [f"player_{p}" for p in range(PLAYERS)]
        self.agents: list[str] = []
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        n = len(ACTION_SPACE) + 1
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._base_seed: str | None = None
        self._episode = 0
        self.duel: Duel | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a new duel (``options``: ``"seed"``, the duel's own seed string, and
        ``"first_bettor"``)."""
        options = options or {}
        if seed is not None:
            self._base_seed = f"PZ{seed}"
            self._episode = 0
        elif self._base_seed is None:
            self._base_seed = random_seed()
        duel_seed = options.get("seed")
        if not isinstance(duel_seed, str):
            duel_seed = f"{self._base_seed}-{self._episode}"
        self._episode += 1
        if self.duel is not None:
            self.duel.close()
        first = int(options.get("first_bettor", self.first_bettor))
        self.duel = Duel(duel_seed, first_bettor=first, plugins=self.plugins)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        duel = self._duel()
        acting = set(duel.to_act)
        chosen: list[tuple[int, int]] = []
        for agent in self.agents:
            player = self._index[agent]
            if agent not in actions:
                raise IllegalActionError(f"step: no action for {agent}")
            index = int(actions[agent])
            if not 0 <= index <= WAIT:
                raise IllegalActionError(f"{agent}: action {index} outside 0..{WAIT}")
            if (index == WAIT) != (player not in acting):
                what = "may act now" if player in acting else "must wait: it is not their turn"
                raise IllegalActionError(f"{agent}: {what}")
            if index != WAIT:
                action = ACTION_SPACE[index]
                duel.verify(player, action)
                chosen.append((player, index))
        rewards = dict.fromkeys(self.agents, 0.0)
        settled = duel.state.last
        before = [duel.state.chips[p] + duel.state.bets[p] for p in range(PLAYERS)]
        for player, index in chosen:  # the hand phase: each on their own cards, in turn
            duel.apply(player, ACTION_SPACE[index])
        if self.reward_mode == "chips" and duel.state.last is not settled:
            for p, name in enumerate(self.possible_agents):
                rewards[name] += (duel.state.chips[p] - before[p]) / 100
        terminations = dict.fromkeys(self.agents, False)
        truncations = dict.fromkeys(self.agents, False)
        if duel.over:
            for p, name in enumerate(self.possible_agents):
                rewards[name] += 1.0 if duel.winner == p else -1.0
            terminations = dict.fromkeys(self.agents, True)
        elif duel.round > self.max_rounds:
            truncations = dict.fromkeys(self.agents, True)
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if duel.over or duel.round > self.max_rounds:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    # -- what each agent sees ---------------------------------------------------------------
    def _observations(self) -> dict[str, Any]:
        duel = self._duel()
        acting = set(duel.to_act)
        out = {}
        for agent in self.agents:
            player = self._index[agent]
            mask = np.zeros(WAIT + 1, dtype=np.int8)
            if player in acting:
                mask[:WAIT] = duel.action_mask(player)
            elif not duel.over:
                mask[WAIT] = 1
            out[agent] = {"observation": encode(duel, player), "action_mask": mask}
        return out

    def render(self) -> str | None:
        if self.render_mode is None or self.duel is None:
            return None
        return render_view(self.duel.view(0), colour=False)

    def close(self) -> None:
        if self.duel is not None:
            self.duel.close()
            self.duel = None

    def _duel(self) -> Duel:
        if self.duel is None:
            raise BalatroError("reset() the environment first")
        return self.duel


def parallel_env(**kwargs: Any) -> BalatroDuelParallelEnv:
    """The duel's Parallel environment (see the module's docs)."""
    return BalatroDuelParallelEnv(**kwargs)

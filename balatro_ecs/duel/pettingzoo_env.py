"""The duel as a PettingZoo AEC environment (``pip install 'balatro-ecs[duel]'``).

>>> from balatro_ecs.duel.pettingzoo_env import env
>>> e = env()
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].shape
(['action_mask', 'observation'], (318,))

Agents are ``player_0`` and ``player_1`` (the duel's players 0 and 1). The action space is
``Discrete(318)``: :data:`~balatro_ecs.duel.actions.ACTION_SPACE` in its stable order.
Each observation is ``{"observation": float32[OBS_SIZE] in [0, 1], "action_mask":
int8[318]}`` for the agent observing: its own hand, the opponent's *revealed* cards only,
both players' chips, bets, money, jokers and hand levels, deck and discard-pile sizes, the
shop, and the last betting phase's result (:func:`encode` and docs/duel.md list every
feature). Rewards are +1 for the duel's winner and -1 for the loser when it ends (0 if it
is truncated after ``max_rounds`` rounds); ``reward="chips"`` adds each settled betting
phase's chip change divided by 100. An illegal action raises
:class:`~balatro_ecs.kernel.errors.IllegalActionError` (the mask says which are legal).
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..game.game import random_seed
from ..kernel.content import ConsumableType, JokerType
from ..kernel.enums import VANILLA_HANDS, Suit
from ..kernel.errors import BalatroError, IllegalActionError, show
from ..kernel.manager import Plugins
from .actions import ACTION_SPACE
from .core import Duel
from .rules import HAND_CARDS, HAND_SIZE, MAX_JOKERS, PLAYERS, REVEALS, SHOP_ITEMS, Phase
from .terminal import render_view

__all__ = ["OBS_SIZE", "BalatroDuelEnv", "encode", "env", "raw_env"]

_PHASES = tuple(Phase)
_RANKS = 13
_SUITS = len(Suit)
_CARD = 1 + _RANKS + _SUITS  # present, rank one-hot, suit one-hot
_HANDS = len(VANILLA_HANDS)
_JOKER = 4  # present, which joker, rarity, edition
_OFFER = 6  # present, joker, planet, which, cost, affordable

#: The observation's length (see :func:`encode` for the layout).
OBS_SIZE = (
    len(_PHASES)  # phase
    + 4  # my turn, I bet first, round, rounds to the next confiscation
    + 9  # chips, bets, pot, to call, max raise, money (mine, theirs)
    + 1  # reveal round
    + HAND_SIZE * (_CARD + 1)  # my hand, each card also flagged revealed
    + 6  # kept, discarded, opponent ready, discarded, discard count, has a hand
    + REVEALS * _CARD  # the opponent's revealed cards
    + (1 + _HANDS)  # my kept hand's score and poker hand
    + 4  # decks and discard piles
    + 2 * MAX_JOKERS * _JOKER  # my jokers, theirs
    + SHOP_ITEMS * _OFFER
    + 2 * _HANDS  # hand levels, mine and theirs
    + 3  # last betting phase: won, lost, tie
)

_HAND_INDEX = {name: i for i, name in enumerate(VANILLA_HANDS)}


def _keys(plugins: Plugins) -> tuple[dict[str, float], dict[str, float]]:
    cached = plugins.cache.get("duel_obs_keys")
    if cached is None:
        jokers = sorted(j.key for j in plugins.all(JokerType))
        planets = sorted(c.key for c in plugins.all(ConsumableType) if c.set == "Planet")
        cached = plugins.cache["duel_obs_keys"] = (
            {k: (i + 1) / len(jokers) for i, k in enumerate(jokers)},
            {k: (i + 1) / len(planets) for i, k in enumerate(planets)},
        )
    assert isinstance(cached, tuple)
    return cached


def _card(out: list[float], rank: int, suit: int) -> None:
    block = [0.0] * _CARD
    block[0] = 1.0
    block[1 + rank - 2] = 1.0
    block[1 + _RANKS + suit] = 1.0
    out.extend(block)


def encode(duel: Duel, player: int) -> np.ndarray[Any, np.dtype[np.float32]]:
    """``player``'s observation as a float32 vector in [0, 1] (length :data:`OBS_SIZE`).

    Only what ``player`` may know goes in: the opponent's hand appears only through the
    cards they have revealed.
    """
    state = duel.state
    other = 1 - player
    out: list[float] = []
    out.extend(1.0 if state.phase is ph else 0.0 for ph in _PHASES)
    out.append(1.0 if player in duel.to_act else 0.0)
    out.append(1.0 if state.first == player else 0.0)
    out.append(min(state.round, 100) / 100)
    out.append((state.round % 10) / 10)
    for value in (
        state.chips[player], state.chips[other], state.bets[player], state.bets[other],
        duel.pot, duel.to_call(player), duel.max_raise(player),
    ):  # fmt: skip
        out.append(min(value, 100) / 100)
    for dollars in (duel.dollars[player], duel.dollars[other]):
        out.append(min(max(dollars, 0), 100) / 100)
    out.append(state.reveal_round / REVEALS)
    hand = duel.hand(player)
    shown = set(state.revealed[player])
    for i in range(HAND_SIZE):
        if i < len(hand):
            _card(out, hand[i].rank, int(hand[i].suit))
            out.append(1.0 if i in shown else 0.0)
        else:
            out.extend([0.0] * (_CARD + 1))
    out.append(1.0 if state.ready[player] and state.has_hand[player] else 0.0)
    out.append(0.0 if state.discarded[player] is None else 1.0)
    out.append(1.0 if state.ready[other] else 0.0)
    out.append(0.0 if state.discarded[other] is None else 1.0)
    out.append((state.discarded[other] or 0) / 5)
    out.append(1.0 if state.ready[other] and state.has_hand[other] else 0.0)
    theirs = duel.revealed(other)
    for i in range(REVEALS):
        if i < len(theirs):
            _card(out, theirs[i].rank, int(theirs[i].suit))
        else:
            out.extend([0.0] * _CARD)
    kind = [0.0] * _HANDS
    score = 0.0
    if state.has_hand[player] and len(hand) == HAND_CARDS:
        result = duel.preview(player)
        raw = float(result.score)
        score = 1.0 if math.isinf(raw) else min(math.log10(1 + raw) / 12, 1.0)
        kind[_HAND_INDEX[result.hand_name]] = 1.0
    out.append(score)
    out.extend(kind)
    for p in (player, other):
        out.append(min(duel.deck_size(p), 52) / 52)
        out.append(min(duel.discard_size(p), 52) / 52)
    joker_index, planet_index = _keys(duel.plugins)
    for p in (player, other):
        jokers = duel.jokers(p)
        for j in range(MAX_JOKERS):
            if j < len(jokers):
                joker = jokers[j]
                out.extend(
                    [
                        1.0,
                        joker_index.get(joker.key, 0.0),
                        joker.type.rarity_rank / 4,
                        int(joker.edition) / 4,
                    ]
                )
            else:
                out.extend([0.0] * _JOKER)
    offers = duel.offers
    money = duel.dollars[player]
    for i in range(SHOP_ITEMS):
        offer = offers[i] if i < len(offers) else None
        if offer is None:
            out.extend([0.0] * _OFFER)
            continue
        is_joker = offer.kind == "joker"
        which = joker_index if is_joker else planet_index
        out.extend(
            [
                1.0,
                1.0 if is_joker else 0.0,
                0.0 if is_joker else 1.0,
                which.get(offer.key, 0.0),
                min(offer.cost, 20) / 20,
                1.0 if offer.cost <= money else 0.0,
            ]
        )
    for p in (player, other):
        levels = duel.game(p).run.hands
        out.extend(min(levels[h].level, 20) / 20 for h in range(_HANDS))
    last = state.last
    won = last is not None and last["winner"] == player
    lost = last is not None and last["winner"] == other
    tie = last is not None and last["winner"] is None
    out.extend([float(won), float(lost), float(tie)])
    return np.asarray(out, dtype=np.float32)


class BalatroDuelEnv(AECEnv):  # type: ignore[misc]
    """Balatro Poker for two agents, one step per duel action (PettingZoo AEC).

    :param render_mode: ``"ansi"`` (``render()`` returns the acting agent's screen) or
        ``"human"`` (prints it), or None.
    :param max_rounds: Truncate a duel that reaches this round.
    :param first_bettor: The player who bets first in the first betting phase (or set
        ``options={"first_bettor": 1}`` on reset).
    :param reward: ``"win"`` (+1 / -1 at the end) or ``"chips"`` (also each betting
        phase's chip change / 100).
    :param plugins: The plugin set (default: vanilla plus installed packs).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "balatro_duel_v0",
        "is_parallelizable": False,
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
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise BalatroError(f"render_mode: human, ansi or None, not {show(render_mode)}")
        if reward not in ("win", "chips"):
            raise BalatroError(f"reward: 'win' or 'chips', not {show(reward)}")
        self.render_mode = render_mode
        self.max_rounds = max_rounds
        self.first_bettor = first_bettor
        self.reward_mode = reward
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.possible_agents = [f"player_{p}" for p in range(PLAYERS)]
        self._index = {agent: p for p, agent in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(len(ACTION_SPACE)) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (len(ACTION_SPACE),), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._base_seed: str | None = None
        self._episode = 0
        self.duel: Duel | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new duel. ``seed`` makes it (and the resets after it) reproducible;
        ``options`` may give ``"seed"`` (the duel's own seed string) and ``"first_bettor"``."""
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
        first = options.get("first_bettor", self.first_bettor)
        if self.duel is not None:
            self.duel.close()
        self.duel = Duel(duel_seed, first_bettor=int(first), plugins=self.plugins)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.duel.to_act[0]]

    def observe(self, agent: str) -> dict[str, Any]:
        duel = self._duel()
        player = self._index[agent]
        mask = np.asarray(duel.action_mask(player), dtype=np.int8)
        return {"observation": encode(duel, player), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        duel = self._duel()
        player = self._index[agent]
        index = int(action)
        if not 0 <= index < len(ACTION_SPACE):
            raise IllegalActionError(f"action {index}: outside 0..{len(ACTION_SPACE) - 1}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        settled = duel.state.last
        before = [duel.state.chips[p] + duel.state.bets[p] for p in range(PLAYERS)]
        duel.apply(player, ACTION_SPACE[index])
        if self.reward_mode == "chips" and duel.state.last is not settled:
            for p, name in enumerate(self.possible_agents):
                self.rewards[name] += (duel.state.chips[p] - before[p]) / 100
        if duel.over:
            for p, name in enumerate(self.possible_agents):
                self.rewards[name] += 1.0 if duel.winner == p else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        elif duel.round > self.max_rounds:
            self.truncations = dict.fromkeys(self.agents, True)
        if duel.to_act:
            self.agent_selection = self.possible_agents[duel.to_act[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.duel is None:
            return None
        player = self._index.get(self.agent_selection, 0)
        text = render_view(self.duel.view(player), colour=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self.duel is not None:
            self.duel.close()
            self.duel = None

    def _duel(self) -> Duel:
        if self.duel is None:
            raise BalatroError("reset() the environment first")
        return self.duel


raw_env = BalatroDuelEnv


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(BalatroDuelEnv(**kwargs))

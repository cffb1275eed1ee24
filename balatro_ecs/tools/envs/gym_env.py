"""A Gymnasium environment: one seeded run of Balatro per episode.

Two registered ids (``docs/learning.md`` documents both):

* ``balatro_ecs/Balatro-v0``: the fixed action space (an index into
  :data:`~balatro_ecs.actions.ACTION_SPACE`, ``Discrete(1335)``) and the raw observation
  of :mod:`balatro_ecs.observe`, with ``action_mask``;
* ``balatro_ecs/Balatro-v1``: the select-then-act space of
  :class:`~balatro_ecs.envs.twostep.TwoStepSpace` (every hand position, every consumable
  with its targets) and the normalised ``"entities"`` encoding of
  :mod:`balatro_ecs.envs.encoding`.

Both are :class:`BalatroEnv` with other options; any combination of ``actions``,
``encoding`` and ``reward`` can be asked for.

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

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ...game.actions import ACTION_SPACE, Action, MoveJoker, SortHand
from ...game.game import Game
from ...game.state import Phase
from ...kernel.errors import BalatroError, show
from ...kernel.manager import Plugins
from ..observe import Layout, Observer, _mask_array
from .encoding import ENCODINGS, Encoder
from .rewards import RewardTracker, pick, start_at_ante
from .twostep import Selection, TwoStepSpace, selection_limit

__all__ = ["ACTION_KINDS", "SEED_ALPHABET", "V1_OPTIONS", "BalatroEnv", "seed_from_rng"]

Obs = dict[str, npt.NDArray[Any]]

#: The game's seed alphabet (no 0, no O).
SEED_ALPHABET = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"

#: The action spaces :class:`BalatroEnv` offers.
ACTION_KINDS = ("fixed", "two_step")

#: What ``balatro_ecs/Balatro-v1`` sets (its hand slots cover the largest hands).
V1_OPTIONS: dict[str, Any] = {"actions": "two_step", "encoding": "entities"}
V1_LAYOUT = Layout(hand=24)


def seed_from_rng(rng: np.random.Generator, length: int = 8) -> str:
    """A game seed drawn from a numpy generator (the env's ``np_random``)."""
    picks = rng.integers(0, len(SEED_ALPHABET), size=length)
    return "".join(SEED_ALPHABET[int(i)] for i in picks)


#: The arrays :meth:`Encoder.reselect` makes anew (the others it shares with the last
#: observation).
_RESELECTED = ("hand", "global", "features")


def _fresh(obs: Obs) -> Obs:
    """Copies of the arrays: every observation is the caller's to keep and change."""
    return {key: value.copy() for key, value in obs.items()}


class BalatroEnv(gym.Env[dict[str, Any], np.int64]):
    """One run of Balatro per episode, for reinforcement learning.

    :param deck: The deck of every run (default: the plugin set's first), or a list to draw
        one from per episode (``reset(options={"deck": ...})`` overrides it).
    :param stake: The stake of every run, or a list (likewise ``options["stake"]``).
    :param start_ante: The ante the run starts at (1), or a list to draw from per episode
        (``options["start_ante"]``): a curriculum (see
        :func:`~balatro_ecs.envs.rewards.start_at_ante`).
    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param unlocks: The profile, ``"all"`` or ``"shipped"`` (see :class:`~balatro_ecs.game.Game`).
    :param max_steps: Steps before an episode is truncated.
    :param render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the screen as text).
    :param layout: The observation's slot counts (:class:`~balatro_ecs.observe.Layout`); the
        two-step action space uses the same ones.
    :param actions: ``"fixed"`` (:data:`~balatro_ecs.actions.ACTION_SPACE`) or ``"two_step"``
        (:class:`~balatro_ecs.envs.twostep.TwoStepSpace`).
    :param encoding: ``"raw"`` (:class:`~balatro_ecs.observe.Observer`), ``"entities"`` or
        ``"flat"`` (:class:`~balatro_ecs.envs.encoding.Encoder`).
    :param reward: ``"progress"``, ``"win"`` or ``"chips"``
        (:mod:`balatro_ecs.envs.rewards`).
    :param progress_reward: Reward for scoring a whole blind's requirement in a round, paid
        as the score grows (``"progress"``).
    :param blind_reward: Reward for beating (or skipping) a blind (``"progress"``).
    :param win_reward: Reward for winning the run (every mode).
    :param chips_cap: The most one hand pays in the ``"chips"`` mode.
    :param illegal_penalty: Subtracted from the reward of an illegal action, which changes
        nothing else (the game stays as it was).
    :param max_noops: No-op steps (sorting, moving a joker, deselecting a card) allowed in
        a row; past that they are masked until another action is taken.
    :param mask_in_obs: Put the mask in the observation as ``action_mask`` (never among
        the features: ``env.action_masks()`` gives it either way).
    :param skip_blinds: A curriculum option: ``False`` masks skipping a blind (index 1 of
        either space), so that every blind is played.

    ``reset(seed=...)`` seeds :attr:`np_random`, from which each episode's game seed (8
    characters of the game's alphabet) and its curriculum choices are drawn: the same env
    seed gives the same runs. ``options`` may give ``seed`` (a game seed string),
    ``deck``, ``stake``, ``start_ante`` and ``unlocks``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium's own convention)
        "render_modes": ["ansi"],
        "render_fps": 4,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        *,
        deck: str | Sequence[str] | None = None,
        stake: str | int | Sequence[str | int] | None = None,
        start_ante: int | Sequence[int] = 1,
        plugins: Plugins | None = None,
        unlocks: str = "all",
        max_steps: int = 1000,
        render_mode: str | None = None,
        layout: Layout | None = None,
        actions: str = "fixed",
        encoding: str = "raw",
        reward: str = "progress",
        progress_reward: float = 1.0,
        blind_reward: float = 1.0,
        win_reward: float = 10.0,
        chips_cap: float = 10.0,
        illegal_penalty: float = 0.1,
        max_noops: int = 6,
        mask_in_obs: bool = True,
        skip_blinds: bool = True,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: None or 'ansi', not {show(render_mode)}")
        if actions not in ACTION_KINDS:
            raise BalatroError(f"actions: one of {', '.join(ACTION_KINDS)}, not {actions!r}")
        if encoding != "raw" and encoding not in ENCODINGS:
            raise BalatroError(f"encoding: one of raw, {', '.join(ENCODINGS)}, not {encoding!r}")
        self.render_mode = render_mode
        self.deck = deck
        self.stake = stake
        self.start_ante = start_ante
        self.unlocks = unlocks
        self.max_steps = max_steps
        self.illegal_penalty = illegal_penalty
        self.max_noops = max_noops
        self.skip_blinds = skip_blinds
        self.mask_in_obs = mask_in_obs
        self.rewards = RewardTracker(reward, progress_reward, blind_reward, win_reward, chips_cap)
        self.plugins = plugins if plugins is not None else Plugins.default()
        if layout is None:
            layout = V1_LAYOUT if actions == "two_step" else Layout()
        self.layout = layout
        self.actions = actions
        self.encoding = encoding
        self.two_step = TwoStepSpace(layout, max_noops=max_noops) if actions == "two_step" else None
        size = self.two_step.size if self.two_step is not None else ACTION_SPACE.size
        self._size = size
        self.action_space = spaces.Discrete(size)
        self.observer = Observer(self.plugins, layout) if encoding == "raw" else None
        self.encoder = (
            Encoder(self.plugins, layout, encoding=encoding) if encoding != "raw" else None
        )
        self.observation_space = self._space()
        # The fixed space's no-ops (sorting, moving a joker), masked past the budget.
        fixed_noop = np.zeros(ACTION_SPACE.size, dtype=bool)
        fixed_noop[[ACTION_SPACE.sort_rank, ACTION_SPACE.sort_suit]] = True
        moves = ACTION_SPACE.move_joker
        fixed_noop[moves : moves + ACTION_SPACE.joker_slots - 1] = True
        self._fixed_noop = fixed_noop
        self.game: Game | None = None
        self.selection = Selection()
        self._mask: npt.NDArray[np.bool_] = np.zeros(size, dtype=bool)
        self._base: Obs = {}
        self._obs: Obs = {}
        self._noops = 0
        self._steps = 0
        self._plain: npt.NDArray[np.bool_] | None = None
        # The game's verdicts on targeted actions since it last changed (see TwoStepSpace.mask).
        self._verdicts: dict[tuple[Any, ...], bool] = {}
        self._limit = 5

    # -- spaces --------------------------------------------------------------------------
    def _space(self) -> spaces.Dict:
        if self.observer is not None:
            space = self.observer.space(action_mask=False)
            table = dict(space.spaces)
            if self.two_step is not None:
                table["selected"] = spaces.Box(0, 1, (self.layout.hand,), dtype=np.int8)
        else:
            assert self.encoder is not None
            table = dict(self.encoder.space().spaces)
        if self.mask_in_obs:
            table["action_mask"] = spaces.Box(0, 1, (self._size,), dtype=np.int8)
        return spaces.Dict(table)

    # -- the episode -------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        options = dict(options or {})
        rng = self.np_random
        game_seed = options.get("seed")
        if game_seed is None:
            game_seed = seed_from_rng(rng)
        deck: str | None = options.get("deck", pick(self.deck, rng))
        stake: str | int | None = options.get("stake", pick(self.stake, rng))
        ante: int = options.get("start_ante", pick(self.start_ante, rng))
        if self.game is not None:
            self.game.close()
        self.game = Game(
            deck=deck,
            stake=stake,
            seed=str(game_seed),
            plugins=self.plugins,
            unlocks=options.get("unlocks", self.unlocks),
            atomic=False,
        )
        if ante != 1:
            start_at_ante(self.game, ante)
        self._steps = 0
        self._noops = 0
        self.selection.clear()
        self.rewards.reset()
        return self._observe(changed=True), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self._require_game()
        index = int(action)
        self._steps += 1
        reward = 0.0
        mask = self._mask
        illegal = not (0 <= index < mask.size and mask[index])
        error: str | None = None
        changed = False
        hand: str | None = None
        two_step = self.two_step
        if illegal:
            reward -= self.illegal_penalty
        elif two_step is not None and two_step.is_toggle(index):
            two_step.toggle_card(game, self.selection, index)
        else:
            run = game.run
            phase_before, won_before = run.phase, run.won
            chosen = self._decode(index)
            noop = isinstance(chosen, (SortHand, MoveJoker))
            try:
                outcome = game.apply(chosen)
            except BalatroError as err:  # a bug in the engine or a plugin: end the episode
                error = f"{type(err).__name__}: {err}"
            else:
                reward += self.rewards.step(game, phase_before, won_before, outcome)
                if outcome.score is not None:
                    hand = outcome.score.hand_name
            changed = True
            if noop:
                self._noops += 1
                self.selection.noops += 1
            else:
                self._noops = 0
                self.selection.clear()
        run = game.run
        terminated = error is None and (run.phase is Phase.GAME_OVER or run.won)
        truncated = not terminated and (error is not None or self._steps >= self.max_steps)
        if not illegal:
            obs = self._observe(changed=changed)
        elif two_step is None:  # made anew: the same game gives the same observation
            obs = self._observe(changed=True)
        else:
            obs = _fresh(self._obs)
            if self.mask_in_obs:
                obs["action_mask"] = self._mask.astype(np.int8)
        info = self._info(illegal=illegal)
        if hand is not None:
            info["hand"] = hand
        if error is not None:
            info["error"] = error
        return obs, reward, terminated, truncated, info

    def _decode(self, index: int) -> Action:
        if self.two_step is None:
            return ACTION_SPACE.decode(index)
        found = self.two_step.action(index, self._require_game(), self.selection)
        assert found is not None
        return found

    # -- what the agent sees ---------------------------------------------------------------
    def _observe(self, *, changed: bool) -> Obs:
        """The observation now; ``changed``: the game changed since the last one (else only
        the selection and the no-op count did)."""
        game = self._require_game()
        two_step = self.two_step
        if two_step is not None:
            if changed or self._plain is None:
                self._plain = two_step.untargeted_mask(game)
                self._limit = selection_limit(game)
                self._verdicts.clear()
            selected = self.selection.positions(game)
            limit = self._limit
            mask = two_step.mask(
                game, self.selection, self._plain, selected, limit, verdicts=self._verdicts
            )
            noops = self.selection.noops
        else:
            mask = _mask_array(game.action_mask(), np.bool_)
            if self._noops >= self.max_noops:
                mask &= ~self._fixed_noop
            selected, limit, noops = (), 5, self._noops
        if not self.skip_blinds:
            mask[1] = False  # SkipBlind is index 1 of both spaces
        self._mask = mask
        left = 1.0 - min(1.0, noops / self.max_noops) if self.max_noops else 0.0
        fresh: tuple[str, ...] = ()  # arrays made for this observation alone
        if self.encoder is not None:
            encoder = self.encoder
            if changed or not self._base:
                obs = self._base = encoder.encode(
                    game, selected, selection_limit=limit, noops_left=left
                )
            else:
                obs = encoder.reselect(
                    self._base, game, selected, selection_limit=limit, noops_left=left
                )
                fresh = _RESELECTED
        else:
            assert self.observer is not None
            if changed or not self._base:
                self._base = self.observer.observe(game, action_mask=False)
            obs = dict(self._base)
            if two_step is not None:
                flags = np.zeros(self.layout.hand, dtype=np.int8)
                flags[[i for i in selected if i < self.layout.hand]] = 1
                obs["selected"] = flags
        if two_step is None:
            # Every observation of the fixed space is made anew (an illegal step makes it
            # again), so its arrays go to the caller as they are.
            out = dict(obs)
        else:
            # Kept for the next toggle's observation: the caller gets copies.
            self._obs = obs
            out = {key: value if key in fresh else value.copy() for key, value in obs.items()}
        if self.mask_in_obs:
            out["action_mask"] = mask.astype(np.int8)
        return out

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        game = self._require_game()
        run = game.run
        return {
            "seed": game.seed,
            "ante": run.ante,
            "round": run.round,
            "rounds_beaten": self.rewards.blinds_beaten,
            "blinds_passed": self.rewards.blinds_passed,
            "won": run.won,
            "money": run.dollars,
            "phase": run.phase.value,
            "steps": self._steps,
            "illegal_action": illegal,
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self._mask.copy()

    def action_name(self, index: int) -> str:
        """An action index in words (``"play 1 3"``, ``"toggle 4"``, ``"use 2 (selection)"``)."""
        if self.two_step is not None:
            return self.two_step.name(index)
        return ACTION_SPACE.decode(index).text()

    def render(self) -> str | None:
        """The screen as text (``render_mode="ansi"``); ``None`` without a render mode."""
        if self.render_mode != "ansi":
            return None
        from ..observe import describe_text

        text = describe_text(self._require_game(), actions=False)
        if self.two_step is not None and self.selection.cards:
            chosen = self.selection.positions(self._require_game())
            text += "\nSelected: " + " ".join(str(i + 1) for i in chosen)
        return text

    def close(self) -> None:
        if self.game is not None:
            self.game.close()
            self.game = None

    def _require_game(self) -> Game:
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        return self.game

"""Reward modes and curriculum options for the Gymnasium environment.

Three named reward modes (``BalatroEnv(reward=...)``; ``docs/learning.md`` says more):

* ``"progress"`` (shaped, the default): the run's progress. Each blind *passed* is worth
  ``progress_reward + blind_reward``: a blind beaten pays ``progress_reward`` as the score
  grows (the growth of ``min(1, score / score needed)`` at each action, the rest when it
  falls) and ``blind_reward`` when it falls; a blind **skipped** for its tag pays the same
  at once, so skipping is valued as playing is. Winning adds ``win_reward``.
* ``"win"`` (sparse): ``win_reward`` when the run is won, nothing else.
* ``"chips"``: each hand played pays its score / the blind's score needed, at most
  ``chips_cap`` (a blind beaten in one hand pays about 1; big hands pay more); a skipped
  blind pays 1, as a hand that scores exactly its requirement; winning adds
  ``win_reward``.

Every mode subtracts ``illegal_penalty`` for an action the mask forbids (the env does).

Curriculum: :func:`start_at_ante` puts a new run's first blind at a later ante, and
:func:`pick` draws a per-episode option (a deck, a stake, a start ante) from a list.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...game.state import Phase
from ...kernel.errors import BalatroError

if TYPE_CHECKING:
    import numpy as np

    from ...game.actions import Outcome
    from ...game.game import Game

__all__ = ["REWARD_MODES", "RewardTracker", "pick", "start_at_ante"]

#: The reward modes, by name.
REWARD_MODES = ("progress", "win", "chips")


@dataclass
class RewardTracker:
    """Computes one episode's rewards in one of :data:`REWARD_MODES`."""

    mode: str = "progress"
    progress_reward: float = 1.0
    blind_reward: float = 1.0
    win_reward: float = 10.0
    chips_cap: float = 10.0

    def __post_init__(self) -> None:
        if self.mode not in REWARD_MODES:
            raise BalatroError(f"reward: one of {', '.join(REWARD_MODES)}, not {self.mode!r}")
        self.reset()

    def reset(self) -> None:
        """A new episode."""
        #: The share of the current blind's requirement scored so far (``"progress"``).
        self.progress = 0.0
        #: Blinds beaten and blinds passed (beaten or skipped) this episode.
        self.blinds_beaten = 0
        self.blinds_passed = 0

    def step(self, game: Game, phase_before: Phase, won_before: bool, outcome: Outcome) -> float:
        """The reward for the action just applied (its :class:`~balatro_ecs.actions.Outcome`)."""
        run = game.run
        reward = 0.0
        mode = self.mode
        skipped = outcome.action.verb == "skip"
        if skipped:
            self.blinds_passed += 1
            if mode == "progress":
                reward += self.progress_reward + self.blind_reward
            elif mode == "chips":
                reward += 1.0
        elif run.phase is Phase.ROUND or phase_before is Phase.ROUND:
            reward += self._round(game, phase_before, outcome)
        if run.won and not won_before:
            reward += self.win_reward
        return reward

    def _round(self, game: Game, phase_before: Phase, outcome: Outcome) -> float:
        run = game.run
        reward = 0.0
        mode = self.mode
        score = outcome.score
        if mode == "chips" and score is not None:
            needed = run.blind_chips
            made = float(score.score)
            if needed > 0 and math.isfinite(needed) and made == made:
                reward += min(self.chips_cap, made / needed)
        if run.phase is Phase.ROUND:
            needed = run.blind_chips
            progress = min(1.0, run.chips / needed) if needed > 0 and math.isfinite(needed) else 0.0
            if progress != progress:
                progress = 0.0
            if mode == "progress":
                reward += self.progress_reward * max(0.0, progress - self.progress)
            self.progress = max(self.progress, progress)
        elif phase_before is Phase.ROUND:
            if run.phase is not Phase.GAME_OVER:  # the blind is beaten
                self.blinds_beaten += 1
                self.blinds_passed += 1
                if mode == "progress":
                    reward += self.progress_reward * (1.0 - self.progress) + self.blind_reward
            self.progress = 0.0
        return reward


def pick(option: Any, rng: np.random.Generator) -> Any:
    """``option`` itself, or one of its items drawn from ``rng`` when it is a list or
    tuple (a per-episode curriculum choice)."""
    if isinstance(option, (list, tuple)):
        if not option:
            raise BalatroError("curriculum: an empty list of choices")
        return option[int(rng.integers(len(option)))]
    return option


def start_at_ante(game: Game, ante: int) -> None:
    """Make a new run start at ``ante``: its first blind select screen shows that ante's
    boss, skip tags and voucher, drawn from the run's own streams as the game draws them.
    Only for a run that has not left its first blind select screen; the money, deck and
    jokers stay the new run's."""
    from ...game.run.blinds import choose_boss, next_tag, next_voucher
    from ...game.run.tags import enter_blind_select

    if not isinstance(ante, int) or isinstance(ante, bool) or ante < 1:
        raise BalatroError(f"start_ante: expected an ante of 1 or more, got {ante!r}")
    run = game.run
    if run.phase is not Phase.BLIND_SELECT or run.round != 0 or run.skips:
        raise BalatroError("start_ante: only a new run (at its first blind select) can move")
    if ante == run.ante:
        return
    if run.boss:
        left = run.bosses_used.get(run.boss, 0) - 1
        if left > 0:
            run.bosses_used[run.boss] = left
        else:
            run.bosses_used.pop(run.boss, None)
    run.ante = ante
    run.boss = choose_boss(game)
    run.voucher_offer = next_voucher(game)
    run.tags_offered = {"Small": next_tag(game), "Big": next_tag(game)}
    enter_blind_select(game)

"""Policies importable by name (``tests.batch_policies:first_legal``) for the batch tests."""

from __future__ import annotations

from typing import Any


class FirstLegal:
    """Always the first legal action (no randomness)."""

    def __init__(self, seed: str = "") -> None:
        self.seed = seed

    def choose(self, game: Any) -> Any:
        return game.legal_actions(reorders=False)[0]


def first_legal(seed: str) -> FirstLegal:
    return FirstLegal(seed)


class Exploding:
    """Raises on its third decision: the batch records the failure and goes on."""

    def __init__(self, seed: str = "") -> None:
        self.calls = 0

    def choose(self, game: Any) -> Any:
        self.calls += 1
        if self.calls == 3:
            raise RuntimeError("policy exploded")
        return game.legal_actions(reorders=False)[0]


def exploding(seed: str) -> Exploding:
    return Exploding(seed)


class Killer(FirstLegal):
    """Kills its own process (as the OOM killer would) on its second decision, in the
    run whose seed ends with ``-3``: the worker dies, the batch goes on."""

    def choose(self, game: Any) -> Any:
        if self.seed.endswith("-3") and len(game.log) == 1:
            import os
            import signal

            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(game)


def killer(seed: str) -> Killer:
    return Killer(seed)


class Slow(FirstLegal):
    """Takes its time (a batch to interrupt)."""

    def choose(self, game: Any) -> Any:
        import time

        time.sleep(0.02)
        return super().choose(game)


def slow(seed: str) -> Slow:
    return Slow(seed)


NOT_A_POLICY = 42

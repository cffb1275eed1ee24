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


NOT_A_POLICY = 42

"""Copying a game directly, component by component (no save in between).

Kept for callers of :func:`clone`; the work is :mod:`balatro_ecs.game.run.snapshot`'s: a clone is
a new game built from a snapshot (``Game.from_snapshot(game.snapshot())``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .snapshot import build, take

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["clone"]


def clone(game: Game) -> Game:
    """An independent copy of ``game``, sharing its plugins (saves to the same bytes)."""
    return build(take(game), adopt=True)

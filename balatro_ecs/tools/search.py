"""Tree search on the player's knowledge: determinised clones and the player's view.

:func:`determinize` (also :meth:`Game.determinize <balatro_ecs.game.Game.determinize>`) is
game logic and lives in :mod:`balatro_ecs.game.determinize`; :func:`player_view` is what
the player sees, from the observer (:func:`balatro_ecs.tools.observe.describe_state`). A
determinised clone looks the same to the player as the game it came from:

>>> from balatro_ecs import Game
>>> game = Game(seed="SEARCH01")
>>> player_view(game.determinize(1)) == player_view(game)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.determinize import derive_seed, determinize, voucher_hidden
from .observe import describe_state

if TYPE_CHECKING:
    from ..game.game import Game

__all__ = ["derive_seed", "determinize", "player_view", "voucher_hidden"]


def player_view(game: Game) -> dict[str, Any]:
    """What the player sees: :func:`balatro_ecs.tools.observe.describe_state` (JSON-ready, no
    hidden information; the same for a game and every determinised clone of it)."""
    return describe_state(game)

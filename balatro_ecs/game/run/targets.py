"""The per-round draws some content reads (The Idol's card, Mail-In Rebate's rank, ...):
made by the joker types that own them, through ``joker_reset_round``, when a run starts and
after every round. Each owner keeps what it drew in its run-state slots
(``game.run.memory``; :attr:`~balatro_ecs.kernel.content.ContentType.run_state`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...kernel.content import JokerType

if TYPE_CHECKING:
    from ...kernel.manager import Plugins
    from ..game import Game

__all__ = ["reset_round_targets"]

_Reset = tuple[tuple[Callable[..., Any], JokerType], ...]


def _resets(plugins: Plugins) -> _Reset:
    """``(implementation, joker type)`` of every ``joker_reset_round``, in the game's order
    of jokers (found once per plugin set)."""
    found: _Reset | None = plugins.cache.get("joker_reset_round")
    if found is None:
        table = plugins.table("joker_reset_round")
        found = tuple(
            (table[jtype.key], jtype) for jtype in plugins.all(JokerType) if jtype.key in table
        )
        plugins.cache["joker_reset_round"] = found
    return found


def reset_round_targets(game: Game, first: bool = False) -> None:
    """Let every joker type that draws per-round values draw them (``first``: the run
    starts)."""
    shared: dict[str, Any] = {}
    start = game._shared_start()
    if start is not None:
        # A new game still sharing its prepared start's cards: its ranked cards are the
        # start's (a tuple: read only), so that reading them does not copy the start.
        shared["ranked cards"] = start.ranked
    for reset, jtype in _resets(game.plugins):
        reset(game, jtype, first, shared)

"""The blind-select methods: ``select``, ``skip`` and ``reroll_boss``."""

from __future__ import annotations

from typing import Any

from ....game.actions import RerollBoss, SelectBlind, SkipBlind
from ....game.run import shop
from ..errors import INVALID_STATE, NOT_ALLOWED, RpcError
from ..session import Method, Session

__all__ = ["METHODS"]


def _select(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    session.apply(SelectBlind())
    return session.gamestate()


def _skip(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    if game.run.blind_on_deck == "Boss":
        raise RpcError(
            NOT_ALLOWED, "Cannot skip Boss blind. Use `select` to select and play the boss blind."
        )
    session.apply(SkipBlind())
    return session.gamestate()


def _reroll_boss(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    rules = game.rules
    if not rules.boss_reroll_unlimited and not rules.boss_reroll_once_per_ante:
        raise RpcError(
            NOT_ALLOWED, "Reroll Boss Blind requires the Director's Cut or Retcon voucher"
        )
    if not rules.boss_reroll_unlimited and "boss_rerolled" in game.run.flags:
        raise RpcError(
            NOT_ALLOWED, "Director's Cut allows one Reroll Boss Blind per ante; already used"
        )
    cost = rules.boss_reroll_cost
    if not shop.can_afford(game, cost):
        available = game.run.dollars + rules.debt_limit
        raise RpcError(
            NOT_ALLOWED,
            f"Not enough dollars to reroll boss. Available: {available}, Required: {cost}",
        )
    session.apply(RerollBoss())
    return session.gamestate()


_BLIND_SELECT = ("BLIND_SELECT",)

METHODS: tuple[Method, ...] = (
    Method("select", "Select the blind on deck", _select, (), _BLIND_SELECT, (INVALID_STATE,)),
    Method(
        "skip",
        "Skip the Small or Big blind on deck for its tag",
        _skip,
        (),
        _BLIND_SELECT,
        (INVALID_STATE, NOT_ALLOWED),
    ),
    Method(
        "reroll_boss",
        "Reroll the boss blind for $10 (Director's Cut or Retcon)",
        _reroll_boss,
        (),
        _BLIND_SELECT,
        (INVALID_STATE, NOT_ALLOWED),
    ),
)

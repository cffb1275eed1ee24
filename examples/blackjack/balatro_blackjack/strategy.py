"""A scripted player: flat bets and the basic strategy for a shoe, dealer standing on 17.

:func:`basic_strategy` looks only at the player's hand and the dealer's up card, and
never takes insurance.
"""

from __future__ import annotations

from balatro_ecs.kernel.components import Rank

from .cards import Points
from .table import Action, Table

__all__ = ["basic_strategy"]

# Split a pair of these points against these dealer up cards (2..11, Ace = 11).
_SPLIT = {
    1: range(2, 12), 8: range(2, 12), 9: (2, 3, 4, 5, 6, 8, 9),
    7: range(2, 8), 6: range(2, 7), 4: (5, 6), 3: range(2, 8), 2: range(2, 8),
}  # fmt: skip
# Soft totals: double against these up cards, else stand at or above the stand total.
_SOFT_DOUBLE = {13: (5, 6), 14: (5, 6), 15: (4, 5, 6), 16: (4, 5, 6), 17: (3, 4, 5, 6),
                18: (2, 3, 4, 5, 6)}  # fmt: skip


def _decide(total: int, soft: bool, up: int, pair: int | None) -> str:
    """``split``, ``double``, ``hit`` or ``stand`` (doubling falls back as the table allows)."""
    if pair is not None and up in _SPLIT.get(pair, ()):
        return "split"
    if soft:
        if up in _SOFT_DOUBLE.get(total, ()):
            return "double"
        return "stand" if total >= 19 or (total == 18 and up <= 8) else "hit"
    if total >= 17 or (total >= 13 and up <= 6) or (total == 12 and 4 <= up <= 6):
        return "stand"
    if (total == 11 and up != 11) or (total == 10 and up <= 9) or (total == 9 and 3 <= up <= 6):
        return "double"
    return "hit"


def basic_strategy(table: Table, bet: int = 10) -> Action:
    """The scripted player's next action at ``table``."""
    s, world = table.state, table.world
    if s.stage == "betting":
        return Action("bet", max(table.rules.min_bet, min(bet, s.bankroll, table.rules.max_bet)))
    if s.stage == "insurance":
        return Action("decline")
    cards = s.hands[s.active].cards
    up_points = world.get(s.dealer[0], Points).value
    up = 11 if up_points == 1 else up_points
    total, soft = table.env.total(cards)
    same = len(cards) == 2 and world.get(cards[0], Rank) == world.get(cards[1], Rank)
    choice = _decide(total, soft, up, world.get(cards[0], Points).value if same else None)
    if choice == "split" and not table.can(Action("split")):
        choice = _decide(total, soft, up, None)
    if choice == "double" and not table.can(Action("double")):
        choice = "stand" if soft and total >= 18 else "hit"
    return Action(choice)

"""Rule shapes shared by several vanilla blinds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from balatro_ecs.enums import parse_suit
from balatro_ecs.plugin import BlindType, hookimpl

__all__ = ["suit_debuff"]


def suit_debuff(btype: BlindType) -> Callable[..., Any]:
    """Debuff every card that counts as the blind's suit, Wild cards included (The Club & co.)."""
    suit = parse_suit(btype.debuff["suit"])

    @hookimpl
    def blind_debuff_card(game: Any, blind: Any, card: Any) -> bool:
        return bool(card.counts_as_suit(suit))

    return blind_debuff_card

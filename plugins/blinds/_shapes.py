"""Rule shapes shared by several vanilla blinds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from balatro_ecs.plugin import BlindType, hookimpl, parse_suit

__all__ = ["face_up_when_disabled", "suit_debuff"]


def suit_debuff(btype: BlindType) -> Callable[..., Any]:
    """Debuff every card that counts as the blind's suit, Wild cards included (The Club & co.)."""
    suit = parse_suit(btype.debuff["suit"])

    @hookimpl
    def blind_debuff_card(game: Any, blind: Any, card: Any) -> bool:
        return bool(card.counts_as_suit(suit))

    return blind_debuff_card


def face_up_when_disabled() -> Callable[..., Any]:
    """Turn the held face-down cards face up when the blind is disabled (The House & co.)."""

    @hookimpl
    def blind_disabled(game: Any, blind: Any) -> None:
        for card in game.hand:
            card.set_face_down(False)

    return blind_disabled

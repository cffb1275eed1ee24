"""Consumables that act on selected hand cards: the usual ``consumable_can_use`` and
``consumable_use``, for any pack's cards as for the game's Tarots and Spectrals.

    from balatro_ecs.plugin import ConsumableType, change_each, content, select_cards

    CARD = ConsumableType(key="c_mypack_gild", name="Gild", set="Tarot", selects=(1, 2))
    balatro_content = content(CARD)
    consumable_can_use = select_cards(CARD)  # 1 to 2 selected cards, a hand dealt
    consumable_use = change_each(lambda card: card.set_rank(14))

Facts (the game's ``Card:can_use_consumeable``): a card that acts on selected cards needs
a hand to select from (a round, or an open pack that deals one) and between its least and
most selected cards (:attr:`ConsumableType.targets
<balatro_ecs.kernel.content.ConsumableType.targets>`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..kernel.content import ConsumableType
from ..kernel.hookspecs import by_count, hookimpl

__all__ = ["NO_HAND", "change_each", "select_cards"]

Hook = Callable[..., Any]

#: Why a card that acts on selected cards cannot be used when no hand is dealt.
NO_HAND = "no cards in hand to select (only during a round or in an open Arcana or Spectral pack)"


def select_cards(ctype: ConsumableType) -> Hook:
    """``consumable_can_use``: usable on :attr:`~ConsumableType.targets` selected cards in
    hand (a reason otherwise: no hand dealt, or how many to select)."""
    least, most = ctype.targets
    if least == most:
        wanted = f"select {most} card{'s' if most > 1 else ''} in hand"
    else:
        wanted = f"select {least} to {most} cards in hand"

    @by_count  # only how many cards are selected matters
    @hookimpl
    def consumable_can_use(game: Any, consumable: Any, targets: Any) -> bool | str:
        if not game.hand:
            return NO_HAND
        if least <= len(targets) <= most:
            return True
        return f"{wanted} ({len(targets)} selected)"

    return consumable_can_use


def change_each(change: Callable[[Any], None]) -> Hook:
    """``consumable_use`` that applies ``change`` to each selected card, then lets the game
    know the card changed (the blind's debuff is checked again)."""

    @hookimpl
    def consumable_use(game: Any, consumable: Any, targets: Any) -> None:
        for card in targets:
            before = card.spec()
            change(card)
            game.card_changed(card, consumable.name, before)

    return consumable_use

"""The per-round targets some jokers read: The Idol's card, Mail-In Rebate's rank, Ancient
Joker's suit and Castle's suit. Re-rolled at the start of a run and after every round."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from ...kernel.enums import Enhancement, Suit

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["reset_round_targets"]

#: Creation order (a card's serial).
_BY_SERIAL = operator.attrgetter("_serial.value")
_STONE = Enhancement.STONE
#: The game lists suits in this order when it draws Ancient Joker's suit.
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def reset_round_targets(game: Game, first: bool = False) -> None:
    """Draw this round's targets from the deck, on the game's streams."""
    run = game.run
    ante = run.ante
    cards = [c for c in game.playing_cards if c._enhancement.kind != _STONE]
    cards.sort(key=_BY_SERIAL)
    if cards:
        idol = game.rng.element(f"idol{ante}", cards)
        run.idol_rank, run.idol_suit = idol.base_rank, idol.suit
        run.mail_rank = game.rng.element(f"mail{ante}", cards).base_rank
    else:
        run.idol_rank, run.idol_suit, run.mail_rank = 14, Suit.SPADES, 14
    suits = [s for s in _SUIT_ORDER if first or s != run.ancient_suit]
    run.ancient_suit = game.rng.element(f"anc{ante}", suits)
    run.castle_suit = game.rng.element(f"cas{ante}", cards).suit if cards else Suit.SPADES

"""The numbers of "Balatro Poker", the two-player duel (docs/duel.md says how they are used).

Everything the duel's rules fix is a constant here, so that a test, the terminal and the
PettingZoo environment read the same values.
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "ANTE",
    "CONFISCATE_CHIPS",
    "CONFISCATE_DOLLARS",
    "CONFISCATE_EVERY",
    "DISCARDS",
    "HAND_CARDS",
    "HAND_SIZE",
    "JOKER_WEIGHT",
    "MAX_DISCARD",
    "MAX_JOKERS",
    "PLANET_WEIGHT",
    "PLAYERS",
    "REVEALS",
    "SHOP_ITEMS",
    "START_CHIPS",
    "START_DOLLARS",
    "TIME_LIMITS",
    "Phase",
    "loser_dollars",
    "winner_dollars",
]

PLAYERS = 2
#: Each player's chips and money at the start, and their deck: the 52 standard cards.
START_CHIPS = 50
START_DOLLARS = 4
#: Cards drawn at the start of each hand phase, and the size of the hand formed from them.
HAND_SIZE = 8
HAND_CARDS = 5
#: Discards per hand phase, and the most cards one discard may throw away.
DISCARDS = 1
MAX_DISCARD = 5
#: Chips each player puts in before the first reveal.
ANTE = 2
#: Reveal-and-gamble rounds of a betting phase (one card of each hand per round).
REVEALS = 3
#: Items shown in each shop, and the joker row's size.
SHOP_ITEMS = 3
MAX_JOKERS = 5
#: A shop item is a joker or a Planet card, in the solo shop's proportions (20 : 4).
JOKER_WEIGHT = 20.0
PLANET_WEIGHT = 4.0
#: Every this many rounds, this many chips of each player become this many dollars.
CONFISCATE_EVERY = 10
CONFISCATE_CHIPS = 10
CONFISCATE_DOLLARS = 5

#: A table's time limits, in seconds, per decision. The duel itself has no clock: a driver
#: (a server, the terminal) that sees a limit pass applies :meth:`Duel.timeout`, which is
#: the documented default action for that decision (see :meth:`Duel.timeout_action`).
TIME_LIMITS: dict[str, int] = {"hand": 180, "reveal": 60, "gamble": 60, "shop": 90}


class Phase(str, Enum):
    """Where a duel is. A round is HAND, then REVEAL and GAMBLE alternating, then SHOP."""

    HAND = "hand"  #: both players draw, discard once and keep 5 cards (simultaneous)
    REVEAL = "reveal"  #: the player to act shows one card of their hand
    GAMBLE = "gamble"  #: the player to act checks (or calls), raises or folds
    SHOP = "shop"  #: the player to act buys one item or passes (the loser first)
    OVER = "over"  #: a player has no chips left


def winner_dollars(chips_put_in: int) -> int:
    """What the winner of a betting phase earns: $1 per 2 chips they put in."""
    return chips_put_in // 2


def loser_dollars(chips_put_in: int) -> int:
    """What the loser of a betting phase earns: $1 per 5 chips they put in."""
    return chips_put_in // 5

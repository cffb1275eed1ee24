"""The game's spellings in its save, and the engine's, both ways.

Facts read off the game's own saves (``tests/data/saves``): a card's ``base`` (rank
names, nominal chips, suit nominals), the state numbers a run is saved in, the card
areas, an edition's table, a seal's name.
"""

from __future__ import annotations

from ....kernel.enums import Suit
from ...state import Phase

__all__ = [
    "AREA_NAMES",
    "CARD_ROWS",
    "FACE_NOMINAL",
    "PHASE_OF_STATE",
    "RANK_CHARS",
    "RANK_NAMES",
    "RANK_OF_CHAR",
    "STATE_OF_PHASE",
    "SUIT_COLOURS",
    "SUIT_NAMES",
    "SUIT_OF_NAME",
    "SUIT_ORDER",
]

#: ``G.STATE`` of a saved run -> the engine's phase (the states the game saves a run in).
PHASE_OF_STATE: dict[int, Phase] = {
    1: Phase.ROUND,  # SELECTING_HAND
    5: Phase.SHOP,
    7: Phase.BLIND_SELECT,
    8: Phase.CASH_OUT,  # ROUND_EVAL
}
STATE_OF_PHASE: dict[Phase, int] = {phase: state for state, phase in PHASE_OF_STATE.items()}

#: The card rows of a run, by the game's area name -> the engine's row name.
CARD_ROWS: dict[str, str] = {"deck": "deck", "hand": "hand", "discard": "discard", "play": "play"}
#: Every card area a run's save may hold.
AREA_NAMES: tuple[str, ...] = (
    "deck", "hand", "discard", "play", "jokers", "consumeables",
    "shop_jokers", "shop_vouchers", "shop_booster", "pack_cards",
)  # fmt: skip

SUIT_NAMES: dict[Suit, str] = {
    Suit.SPADES: "Spades",
    Suit.HEARTS: "Hearts",
    Suit.CLUBS: "Clubs",
    Suit.DIAMONDS: "Diamonds",
}
SUIT_OF_NAME: dict[str, Suit] = {name: suit for suit, name in SUIT_NAMES.items()}
#: A suit's place in the game's ``suit_nominal`` (Diamonds 1 ... Spades 4).
SUIT_ORDER: dict[Suit, int] = {Suit.DIAMONDS: 1, Suit.CLUBS: 2, Suit.HEARTS: 3, Suit.SPADES: 4}
#: The colour the game draws a suit in (``base.colour``, RGBA), as its saves hold it.
SUIT_COLOURS: dict[Suit, list[float]] = {
    Suit.SPADES: [0.2156862745098, 0.27450980392157, 0.28627450980392, 1],
    Suit.HEARTS: [0.99607843137255, 0.37254901960784, 0.33333333333333, 1],
    Suit.CLUBS: [0.25882352941176, 0.30588235294118, 0.32941176470588, 1],
    Suit.DIAMONDS: [0.99607843137255, 0.37254901960784, 0.33333333333333, 1],
}

#: A rank (2..14) in a card's key (``H_T``), and back.
RANK_CHARS: dict[int, str] = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"} | {
    r: str(r) for r in range(2, 10)
}
RANK_OF_CHAR: dict[str, int] = {char: rank for rank, char in RANK_CHARS.items()}
#: A rank's name in ``base.value``.
RANK_NAMES: dict[int, str] = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"} | {
    r: str(r) for r in range(2, 11)
}
#: ``base.face_nominal``: what breaks ties between equal ranks' chips.
FACE_NOMINAL: dict[int, float] = {11: 0.1, 12: 0.2, 13: 0.3, 14: 0.4}

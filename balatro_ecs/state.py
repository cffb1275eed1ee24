"""Run state that belongs to no entity: money, counters, hand levels, round targets.

One :class:`RunState` resource per game. It is plain data (JSON-ready through
:meth:`RunState.to_dict`), so saving, cloning and comparing games is straightforward.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from . import reference
from .enums import HAND_NAMES, HandType, Suit

__all__ = ["HandLevel", "RunState", "hand_values"]


def _level_rows() -> tuple[tuple[int, int, int, int], ...]:
    table = reference.hand_table()
    return tuple(
        (row["base_chips"], row["chips_per_level"], row["base_mult"], row["mult_per_level"])
        for row in (table[name] for name in HAND_NAMES)
    )


_LEVEL_ROWS = _level_rows()


def hand_values(hand: HandType, level: int) -> tuple[float, float]:
    """Base ``(chips, mult)`` of a poker hand at a level (chips >= 0, mult >= 1)."""
    chips, chips_per_level, mult, mult_per_level = _LEVEL_ROWS[hand]
    return (
        float(max(chips + chips_per_level * (level - 1), 0)),
        float(max(mult + mult_per_level * (level - 1), 1)),
    )


@dataclass(slots=True)
class HandLevel:
    """One poker hand's level and play counts."""

    level: int = 1
    played: int = 0
    played_this_round: int = 0
    visible: bool = True


def _default_hands() -> list[HandLevel]:
    table = reference.hand_table()
    return [HandLevel(visible=table[name]["visible_at_start"]) for name in HAND_NAMES]


@dataclass(slots=True)
class RunState:
    """The run-wide numbers the rules read and change.

    Names follow the game where it has one; ``hands_played`` counts the run,
    ``hands_played_round`` the current round.
    """

    ante: int = 1
    round: int = 0
    dollars: int = 4
    hands_left: int = 4
    discards_left: int = 3
    hands_played_round: int = 0
    discards_used: int = 0
    hands_played: int = 0
    skips: int = 0
    tarots_used: int = 0
    planets_used: list[str] = field(default_factory=list)
    joker_slots: int = 5
    consumable_slots: int = 2
    hand_size: int = 8
    starting_deck_size: int = 52
    #: The base "1 in N" numerator; jokers scale it through ``Rules.probability_scale``.
    probability: float = 1.0
    most_played_hand: HandType = HandType.HIGH_CARD
    last_hand_played: HandType | None = None
    # Round targets, re-rolled each round by the game.
    idol_rank: int = 14
    idol_suit: Suit = Suit.SPADES
    ancient_suit: Suit = Suit.SPADES
    castle_suit: Suit = Suit.SPADES
    mail_rank: int = 2
    vouchers: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    hands: list[HandLevel] = field(default_factory=_default_hands)

    def hand(self, hand: HandType) -> HandLevel:
        return self.hands[hand]

    def has_voucher(self, key: str) -> bool:
        return key in self.vouchers

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy (enums as names, infinities as strings)."""
        data = asdict(self)
        data["most_played_hand"] = HAND_NAMES[self.most_played_hand]
        data["last_hand_played"] = (
            HAND_NAMES[self.last_hand_played] if self.last_hand_played is not None else None
        )
        for name in ("idol_suit", "ancient_suit", "castle_suit"):
            data[name] = Suit(data[name]).letter
        if math.isinf(self.probability):
            data["probability"] = "inf"
        return data

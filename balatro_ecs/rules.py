"""Rule parameters that content can change: the knobs behind Four Fingers, Shortcut, Smeared...

The engine never asks "is Four Fingers owned?". It rebuilds one :class:`Rules` record
whenever the joker row or the plugin set changes, by letting every active joker's
``joker_rules`` hook adjust it, and the mechanisms read the record.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Rules"]


@dataclass(slots=True)
class Rules:
    """Rule parameters in force for one game.

    Hooks mutate a fresh instance; nothing else writes to it.
    """

    #: Cards a flush needs (Four Fingers: 4).
    flush_size: int = 5
    #: Cards a straight needs (Four Fingers: 4).
    straight_size: int = 5
    #: A straight may skip single missing ranks (Shortcut).
    straight_skips: bool = False
    #: Hearts/Diamonds and Spades/Clubs count as one suit each (Smeared Joker).
    smeared_suits: bool = False
    #: Every card counts as a face card (Pareidolia).
    all_faces: bool = False
    #: Every played card scores (Splash).
    all_played_score: bool = False
    #: Multiplier on every "1 in N" chance (Oops! All 6s doubles it).
    probability_scale: float = 1.0
    #: Owned jokers and consumables may appear again in pools (Showman).
    allow_duplicates: bool = False

    def reset(self) -> None:
        """Back to the vanilla defaults, in place (handles keep a reference to this object)."""
        self.flush_size = 5
        self.straight_size = 5
        self.straight_skips = False
        self.smeared_suits = False
        self.all_faces = False
        self.all_played_score = False
        self.probability_scale = 1.0
        self.allow_duplicates = False

    def detection_key(self) -> tuple[int, int, bool, bool]:
        """The parameters that hand detection depends on (suit merging is folded into cards)."""
        return (self.flush_size, self.straight_size, self.straight_skips, self.smeared_suits)

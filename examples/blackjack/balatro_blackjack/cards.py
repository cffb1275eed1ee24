"""Cards as entities: the core's :class:`Rank` and :class:`Suit` plus Blackjack's :class:`Points`.

A card entity holds what the card *is* and never changes after the shoe is made. Where a
card *is* (shoe, a hand, the discard pile) is not a component: it is the card's place in
the rows of the immutable :class:`~balatro_blackjack.state.State` (see there).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from balatro_ecs.kernel.components import Rank, Suit
from balatro_ecs.kernel.enums import Suit as Suits
from balatro_ecs.kernel.enums import parse_rank, parse_suit, rank_label
from balatro_ecs.kernel.world import World

__all__ = ["Points", "code", "hand_total", "is_ace", "label", "make_shoe", "parse_code"]


@dataclass(frozen=True, slots=True)
class Points:
    """What the card counts in Blackjack: 2-10 as printed, faces 10, an Ace 1 (or 11)."""

    value: int


def make_shoe(world: World, decks: int) -> tuple[int, ...]:
    """Create ``decks`` standard 52-card decks as entities; their ids in a fixed order."""
    rows = (
        (Rank(r), Suit(s), Points(1 if r == 14 else min(r, 10)))
        for _ in range(decks)
        for s in Suits
        for r in range(2, 15)
    )
    return tuple(world.create_many(rows))


def hand_total(world: World, cards: Iterable[int]) -> tuple[int, bool]:
    """The best total of these cards and whether it is soft (an Ace counted as 11)."""
    points = [world.get(e, Points).value for e in cards]
    total = sum(points)
    if 1 in points and total + 10 <= 21:
        return total + 10, True
    return total, False


def is_ace(world: World, card: int) -> bool:
    return world.get(card, Rank).value == 14


def code(world: World, card: int) -> str:
    """``"AS"``, ``"10H"``: the card's rank and suit letter."""
    return rank_label(world.get(card, Rank).value) + world.get(card, Suit).value.letter


def label(world: World, card: int) -> str:
    """``"A♠"``, ``"10♥"``: for people."""
    return rank_label(world.get(card, Rank).value) + world.get(card, Suit).value.symbol


def parse_code(text: str) -> tuple[int, Suits]:
    """``"AS"`` -> ``(14, Suit.SPADES)``; the suit is the last character."""
    text = text.strip()
    return parse_rank(text[:-1]), parse_suit(text[-1])

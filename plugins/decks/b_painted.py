"""Painted Deck: +2 hand size, -1 joker slot."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_painted")
balatro_content = content(DECK)

"""Checkered Deck: 26 Spades and 26 Hearts."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_checkered")
balatro_content = content(DECK)

"""Erratic Deck: every starting card has a random rank and suit."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_erratic")
balatro_content = content(DECK)

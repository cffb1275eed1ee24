"""Zodiac Deck: starts with Tarot Merchant, Planet Merchant and Overstock."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_zodiac")
balatro_content = content(DECK)

"""Nebula Deck: starts with Telescope; -1 consumable slot."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_nebula")
balatro_content = content(DECK)

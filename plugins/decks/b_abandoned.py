"""Abandoned Deck: no face cards in the starting deck."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_abandoned")
balatro_content = content(DECK)

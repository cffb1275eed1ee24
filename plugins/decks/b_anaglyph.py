"""Anaglyph Deck: a Double Tag after each boss blind beaten."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_anaglyph")
balatro_content = content(DECK)

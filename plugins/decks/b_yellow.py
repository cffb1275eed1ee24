"""Yellow Deck: start with $10 extra."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_yellow")
balatro_content = content(DECK)

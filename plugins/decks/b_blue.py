"""Blue Deck: +1 hand every round."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_blue")
balatro_content = content(DECK)

"""Black Deck: +1 joker slot, -1 hand every round."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_black")
balatro_content = content(DECK)

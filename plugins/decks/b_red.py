"""Red Deck: +1 discard every round."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_red")
balatro_content = content(DECK)

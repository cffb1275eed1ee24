"""Magic Deck: starts with Crystal Ball and two copies of The Fool."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_magic")
balatro_content = content(DECK)

"""Ghost Deck: Spectral cards may appear in the shop; starts with Hex."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_ghost")
balatro_content = content(DECK)

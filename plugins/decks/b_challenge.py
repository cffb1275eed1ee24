"""Challenge Deck: the deck challenge runs use (not selectable)."""

from balatro_ecs.plugin import content
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_challenge")
balatro_content = content(DECK)

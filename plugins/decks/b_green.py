"""Green Deck: more money per hand and discard left at cash-out; no interest."""

from balatro_ecs.plugin import content, reference

DECK = reference.deck("b_green")
balatro_content = content(DECK)

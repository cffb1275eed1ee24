"""Abandoned Deck: no face cards in the starting deck."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_abandoned")
balatro_content = content(DECK)


@hookimpl
def deck_starting_cards(game, deck, cards):
    return [card for card in cards if not 11 <= card.rank <= 13]

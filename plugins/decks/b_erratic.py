"""Erratic Deck: every starting card has a random rank and suit."""

from balatro_ecs.plugin import CardSpec, content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_erratic")
balatro_content = content(DECK)


@hookimpl
def deck_starting_cards(game, deck, cards):
    out = []
    for _ in cards:
        rank, suit = game.random_front("erratic")
        out.append(CardSpec(rank, suit))
    return out

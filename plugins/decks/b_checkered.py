"""Checkered Deck: 26 Spades and 26 Hearts."""

from balatro_ecs.plugin import Suit, content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_checkered")
balatro_content = content(DECK)


_TURN = {Suit.CLUBS: Suit.SPADES, Suit.DIAMONDS: Suit.HEARTS}


@hookimpl
def deck_apply(game, deck):
    for card in game.playing_cards:
        if card.suit in _TURN:
            card.set_suit(_TURN[card.suit])

"""Painted Deck: +2 hand size, -1 joker slot."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_painted")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.change_hand_size(deck.config["hand_size"], source=deck.name)
    game.add_joker_slots(deck.config["joker_slot"], source=deck.name)

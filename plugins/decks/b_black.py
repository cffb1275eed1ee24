"""Black Deck: +1 joker slot, -1 hand every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_black")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.add_joker_slots(deck.config["joker_slot"], source=deck.name)
    game.add_hands(deck.config["hands"], every_round=True, source=deck.name)

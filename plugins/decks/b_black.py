"""Black Deck: +1 joker slot, -1 hand every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_black")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.run.joker_slots += deck.config["joker_slot"]
    game.run.round_hands += deck.config["hands"]
    game.run.hands_left = game.run.round_hands

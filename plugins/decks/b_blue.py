"""Blue Deck: +1 hand every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_blue")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.run.round_hands += deck.config["hands"]
    game.run.hands_left = game.run.round_hands

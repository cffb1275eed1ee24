"""Blue Deck: +1 hand every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_blue")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.add_hands(deck.config["hands"], every_round=True, source=deck.name)

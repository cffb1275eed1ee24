"""Red Deck: +1 discard every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_red")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.add_discards(deck.config["discards"], every_round=True, source=deck.name)

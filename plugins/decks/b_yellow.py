"""Yellow Deck: start with $10 extra."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_yellow")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.earn(deck.config["dollars"], deck.name)

"""Ghost Deck: Spectral cards may appear in the shop; starts with Hex."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_ghost")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.run.spectral_rate = deck.config["spectral_rate"]
    for key in deck.config["consumables"]:
        game.add_consumable(key)

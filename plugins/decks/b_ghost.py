"""Ghost Deck: Spectral cards may appear in the shop; starts with Hex."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_ghost")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.set_shop_rate("Spectral", deck.config["spectral_rate"], source=deck.name)
    for key in deck.config["consumables"]:
        game.add_consumable(key)

"""Magic Deck: starts with Crystal Ball and two copies of The Fool."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_magic")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.redeem_voucher(deck.config["voucher"])
    for key in deck.config["consumables"]:
        game.add_consumable(key)

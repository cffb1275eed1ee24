"""Magic Deck: starts with Crystal Ball and two copies of The Fool."""

from balatro_ecs.game.run.shop import redeem_voucher
from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_magic")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    redeem_voucher(game, deck.config["voucher"])
    for key in deck.config["consumables"]:
        game.add_consumable(key)

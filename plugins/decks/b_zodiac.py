"""Zodiac Deck: starts with Tarot Merchant, Planet Merchant and Overstock."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_zodiac")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    for key in deck.config["vouchers"]:
        game.redeem_voucher(key)

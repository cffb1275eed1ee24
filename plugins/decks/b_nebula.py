"""Nebula Deck: starts with Telescope; -1 consumable slot."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_nebula")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.redeem_voucher(deck.config["voucher"])
    game.add_consumable_slots(deck.config["consumable_slot"], source=deck.name)

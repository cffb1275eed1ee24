"""Green Deck: more money per hand and discard left at cash-out; no interest."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_green")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.run.money_per_hand = deck.config["extra_hand_bonus"]
    game.run.money_per_discard = deck.config["extra_discard_bonus"]
    game.run.no_interest = deck.config["no_interest"]

"""Green Deck: more money per hand and discard left at cash-out; no interest."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_green")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    config = deck.config
    hand, discard = config["extra_hand_bonus"], config["extra_discard_bonus"]
    game.set_money_per(hand=hand, discard=discard, source=deck.name)
    game.set_interest(enabled=not config["no_interest"], source=deck.name)

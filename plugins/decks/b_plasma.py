"""Plasma Deck: chips and mult are balanced at the end of scoring; blinds are twice as large."""

import math

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_plasma")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.run.ante_scaling = deck.config["ante_scaling"]


@hookimpl
def deck_final_scoring_step(ctx, deck, chips, mult):
    balanced = math.floor((chips + mult) / 2)
    return balanced, balanced

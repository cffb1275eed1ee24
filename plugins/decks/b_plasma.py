"""Plasma Deck: chips and mult are balanced at the end of scoring; blinds are twice as large."""

from balatro_ecs.plugin import content, hookimpl, lua_floor, to_double
from balatro_ecs_vanilla import reference

DECK = reference.deck("b_plasma")
balatro_content = content(DECK)


@hookimpl
def deck_apply(game, deck):
    game.set_blind_scaling(factor=deck.config["ante_scaling"], source=deck.name)


@hookimpl
def deck_final_scoring_step(ctx, deck, chips, mult):
    # The game's doubles: past their range the balance is infinite (naneinf) and stays so.
    balanced = lua_floor((to_double(chips) + to_double(mult)) / 2)
    return balanced, balanced

"""Delayed Gratification: pays $2 per discard left at cash-out, if no discard was used."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_delayed_grat")
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    run = game.run
    if run.discards_used == 0 and run.discards_left > 0:
        return joker.state["extra"] * run.discards_left
    return None

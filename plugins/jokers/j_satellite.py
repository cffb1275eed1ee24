"""Satellite: pays $1 per distinct Planet card used this run at cash-out."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_satellite")
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    return joker.state["extra"] * len(game.run.planets_used)

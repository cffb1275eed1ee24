"""Satellite: pays $1 per distinct Planet card used this run at cash-out."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_satellite")
balatro_content = content(JOKER)


@hookimpl
def joker_cash_out(game, joker):
    return joker.state["extra"] * len(game.run.planets_used)


@hookimpl
def content_describe(game, values, item):
    return {"satellite_dollars": values["extra"] * len(game.run.planets_used)}

"""Rocket: pays $1 at cash-out, and $2 more for every Boss Blind beaten."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_rocket")
balatro_content = content(JOKER)


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None and game.run.boss_defeated:
        extra = joker.state["extra"]
        extra["dollars"] += extra["increase"]
    return None


@hookimpl
def joker_cash_out(game, joker):
    return joker.state["extra"]["dollars"]

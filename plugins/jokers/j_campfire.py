"""Campfire: gains X0.25 Mult for each card sold; back to X1 when a Boss Blind is beaten."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_campfire")
balatro_content = content(JOKER)


@hookimpl
def joker_card_sold(game, joker, sold):
    if joker.copied_by is None:
        joker.state["x_mult"] += joker.state["extra"]


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None and game.run.boss_defeated and joker.state["x_mult"] > 1:
        joker.state["x_mult"] = 1
    return None


joker_main = _shapes.x_mult_counter(JOKER)

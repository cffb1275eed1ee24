"""Ramen: X2 Mult, X0.01 less for each card discarded; eaten when it would reach X1."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_ramen")
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    if joker.copied_by is None:
        _shapes.use_up(game, joker, joker.state, "x_mult", joker.state["extra"], 1)
    return None


joker_main = _shapes.x_mult_counter(JOKER)

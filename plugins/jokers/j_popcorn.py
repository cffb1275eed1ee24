"""Popcorn: +20 Mult, 4 less at the end of each round; eaten when it would reach 0."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_popcorn")
balatro_content = content(JOKER)


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None:
        _shapes.use_up(game, joker, joker.state, "mult", joker.state["extra"], 0)
    return None


joker_main = _shapes.mult_counter(JOKER)

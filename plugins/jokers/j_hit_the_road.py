"""Hit the Road: gains X0.5 Mult for each Jack discarded this round; back to X1 when the
round ends."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_hit_the_road")
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    if joker.copied_by is None and not card.debuffed and card.rank == 11:
        joker.state["x_mult"] += joker.state["extra"]
    return None


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None:
        joker.state["x_mult"] = 1
    return None


joker_main = _shapes.x_mult_counter(JOKER)

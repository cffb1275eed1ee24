"""Green Joker: +1 Mult per hand played, -1 Mult per discard (never below 0)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_green_joker")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is None:
        joker.state["mult"] += joker.state["extra"]["hand_add"]
    return None


@hookimpl
def joker_discard(game, joker, card, cards):
    if joker.copied_by is None and card is cards[-1]:
        state = joker.state
        state["mult"] = max(0, state["mult"] - state["extra"]["discard_sub"])
    return None


joker_main = _shapes.mult_counter(JOKER)

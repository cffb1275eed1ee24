"""Yorick: gains X1 Mult after every 23 cards discarded; gives the ×Mult it has gained."""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

# The counter it sets while it plays (its config does not start it).
JOKER = replace(reference.joker("j_yorick"), runtime_state={"yorick_discards": 0})
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    if joker.copied_by is not None:
        return None
    state = joker.state
    extra = state["extra"]
    left = state.get("yorick_discards", extra["discards"])
    if left <= 1:
        state["yorick_discards"] = extra["discards"]
        state["x_mult"] += extra["xmult"]
    else:
        state["yorick_discards"] = left - 1
    return None


joker_main = _shapes.x_mult_counter(JOKER)


@hookimpl
def content_describe(game, values, item):
    return {"yorick_left": values.get("yorick_discards", values["extra"]["discards"])}

"""Green Joker: +1 Mult per hand played, -1 Mult per discard."""

from balatro_ecs.plugin import content, hookimpl, reference

from . import _shapes

JOKER = reference.joker("j_green_joker")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is None:
        joker.state["mult"] += joker.state["extra"]["hand_add"]
    return None


joker_main = _shapes.mult_counter(JOKER)

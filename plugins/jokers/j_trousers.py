"""Spare Trousers: gains +2 Mult whenever the played hand contains Two Pair."""

from balatro_ecs.plugin import Effect, HandType, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_trousers")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is None and (
        ctx.contains(HandType.TWO_PAIR) or ctx.contains(HandType.FULL_HOUSE)
    ):
        joker.state["mult"] += joker.state["extra"]
        return Effect(message="Upgrade!")
    return None


joker_main = _shapes.mult_counter(JOKER)

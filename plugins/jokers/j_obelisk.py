"""Obelisk: gains X0.2 Mult per hand in a row that is not the most played poker hand."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_obelisk")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is not None:
        return None
    played = ctx.hand_stats().played
    # Reset only when no other visible hand has been played as often as this one.
    rivals = any(
        hand != ctx.hand and stats.visible and stats.played >= played
        for hand, stats in enumerate(ctx.run.hands)
    )
    if rivals:
        joker.state["x_mult"] += joker.state["extra"]
    elif joker.state["x_mult"] > 1:
        joker.state["x_mult"] = 1
        return Effect(message="Reset")
    return None


joker_main = _shapes.x_mult_counter(JOKER)

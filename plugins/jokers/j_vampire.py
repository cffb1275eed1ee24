"""Vampire: takes the enhancement off every enhanced scoring card and gains X0.1 Mult for each."""

from balatro_ecs.plugin import Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_vampire")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is not None:
        return None
    eaten = 0
    for card in ctx.scoring:
        if card.enhancement != Enhancement.NONE and not card.debuffed:
            ctx.set_enhancement(card, Enhancement.NONE, joker)
            eaten += 1
    if eaten:
        joker.state["x_mult"] += joker.state["extra"] * eaten
    return None


joker_main = _shapes.x_mult_counter(JOKER)

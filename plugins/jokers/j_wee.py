"""Wee Joker: gains +8 Chips whenever a 2 is scored."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_wee")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank == 2 and joker.copied_by is None:
        extra = joker.state["extra"]
        extra["chips"] += extra["chip_mod"]
        return Effect(message="Upgrade!")
    return None


joker_main = _shapes.chips_counter(JOKER)

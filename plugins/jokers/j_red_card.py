"""Red Card: gains +3 Mult whenever a booster pack is skipped; gives the Mult it has gained."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_red_card")
balatro_content = content(JOKER)


@hookimpl
def joker_booster_skipped(game, joker):
    if joker.copied_by is None:
        joker.state["mult"] += joker.state["extra"]


joker_main = _shapes.mult_counter(JOKER)

"""Flash Card: gains +2 Mult for every shop reroll; gives the Mult it has gained."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

JOKER = reference.joker("j_flash")
balatro_content = content(JOKER)


@hookimpl
def joker_reroll(game, joker):
    if joker.copied_by is None:
        joker.state["mult"] += joker.state["extra"]


joker_main = _shapes.mult_counter(JOKER)

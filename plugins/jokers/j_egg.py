"""Egg: gains $3 of sell value at the end of every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_egg")
balatro_content = content(JOKER)


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None:
        joker.state["extra_value"] += joker.state["extra"]
    return None

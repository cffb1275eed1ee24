"""Gift Card: every joker and consumable gains $1 of sell value at the end of each round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_gift")
balatro_content = content(JOKER)


@hookimpl
def joker_end_of_round(game, joker):
    for item in (*game.jokers, *game.consumables):
        item.state["extra_value"] = item.state.get("extra_value", 0) + joker.state["extra"]
    return None

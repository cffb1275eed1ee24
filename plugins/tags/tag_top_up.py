"""Top-up Tag: up to 2 Common jokers, as room allows."""

from balatro_ecs.plugin import Area, content, hookimpl
from balatro_ecs_vanilla import reference

from ._shapes import COMMON_ROLL

TAG = reference.tag("tag_top_up")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "immediate":
        return None
    room = min(tag.config["spawn_jokers"], game.joker_limit - len(game.jokers))
    for _ in range(max(0, room)):
        game.add_joker(game.random_joker("top", rarity=COMMON_ROLL, area=Area.JOKERS))
    return True

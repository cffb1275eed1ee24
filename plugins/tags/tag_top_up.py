"""Top-up Tag: up to 2 Common jokers, as room allows."""

from balatro_ecs.game.run.cards_for_sale import make_joker
from balatro_ecs.kernel.components import Area
from balatro_ecs.plugin import content, hookimpl
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
        game.add_joker(make_joker(game, Area.JOKERS, "top", rarity=COMMON_ROLL))
    return True

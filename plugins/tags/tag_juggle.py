"""Juggle Tag: +3 hand size for the next round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_juggle")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "round_start_bonus":
        game.change_hand_size(tag.config["h_size"], until="round", source=tag.name)
        return True
    return None

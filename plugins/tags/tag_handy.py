"""Handy Tag: $1 for every hand played this run."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_handy")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "immediate":
        game.earn(tag.config["dollars_per_hand"] * game.run.hands_played, tag.name)
        return True
    return None


@hookimpl
def content_describe(game, values, item):
    return {"handy_dollars": values["dollars_per_hand"] * game.run.hands_played}

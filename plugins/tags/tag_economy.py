"""Economy Tag: doubles your money, up to $40 more."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_economy")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "immediate":
        game.earn(min(tag.config["max"], max(0, game.run.dollars)), tag.name)
        return True
    return None


@hookimpl
def content_describe(game, values, item):
    return {"economy_gain": min(max(0, game.run.dollars), values["max"])}

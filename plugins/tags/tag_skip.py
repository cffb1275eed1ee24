"""Speed Tag: $5 for every blind skipped this run."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_skip")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "immediate":
        game.earn(tag.config["skip_bonus"] * game.run.skips, tag.name)
        return True
    return None

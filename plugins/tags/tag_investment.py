"""Investment Tag: pays $25 at the cash-out after the next boss is beaten."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_investment")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "eval" and game.run.boss_defeated:
        return tag.config["dollars"]
    return None

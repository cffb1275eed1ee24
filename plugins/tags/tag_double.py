"""Double Tag: the next tag gained is gained twice (Double Tags excepted)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_double")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "tag_add" and subject != tag.key:
        game.gain_tag(subject)
        return True
    return None

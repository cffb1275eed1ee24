"""D6 Tag: rerolls in the next shop start at $0."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_d_six")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "shop_start":
        game.set_reroll_cost(0, this_shop=True, source=tag.name)
        return True
    return None

"""Uncommon Tag: the next shop's first card is a free Uncommon joker."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from ._shapes import UNCOMMON_ROLL, free_joker

TAG = reference.tag("tag_uncommon")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger == "store_joker_create":
        return free_joker(game, rarity=UNCOMMON_ROLL, append="uta")
    return None

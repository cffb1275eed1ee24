"""Rare Tag: the next shop's first card is a free Rare joker (unless you own every Rare)."""

from balatro_ecs.plugin import JokerType, content, hookimpl
from balatro_ecs_vanilla import reference

from ._shapes import RARE_ROLL, free_joker

TAG = reference.tag("tag_rare")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "store_joker_create":
        return None
    rares = [j for j in game.plugins.all(JokerType) if j.rarity == 3]
    owned = {j.key for j in game.jokers if j.rarity == 3}
    if len(owned) >= len(rares):
        return None
    return free_joker(game, rarity=RARE_ROLL, append="rta")

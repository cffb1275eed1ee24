"""Coupon Tag: the next shop's cards (jokers, consumables, playing cards) and packs are
free; its vouchers are not, nor are the cards a reroll brings."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_coupon")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "shop_final_pass":
        return None
    for item in game.shop:
        game.make_free(item)
    game.make_packs_free()
    return True

"""Coupon Tag: the next shop's cards and packs are free."""

from balatro_ecs.plugin import content, hookimpl, reference

TAG = reference.tag("tag_coupon")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "shop_final_pass":
        return None
    for item in game.shop:
        price = getattr(item, "_price", None)
        if price is not None:
            price.free = True
    game.free_packs = True
    return True

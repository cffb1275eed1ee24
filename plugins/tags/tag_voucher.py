"""Voucher Tag: the next shop offers one more voucher."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_voucher")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "voucher_add":
        return None
    extra = game.draw_voucher("Voucher_fromtag")
    if extra is not None:
        game.offer_voucher(extra)
    return True

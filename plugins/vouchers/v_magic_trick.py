"""Magic Trick: playing cards can appear in the shop."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_magic_trick")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    rate = max(game.shop_rate("Playing Card"), voucher.config["extra"])
    game.set_shop_rate("Playing Card", rate, source=voucher.name)

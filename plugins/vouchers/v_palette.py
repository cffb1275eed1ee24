"""Palette: +1 more hand size."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_palette")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.change_hand_size(voucher.config["extra"], source=voucher.name)

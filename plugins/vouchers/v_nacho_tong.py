"""Nacho Tong: one more hand every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_nacho_tong")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.add_hands(voucher.config["extra"], every_round=True, source=voucher.name)

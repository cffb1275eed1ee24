"""Wasteful: one discard every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_wasteful")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.add_discards(voucher.config["extra"], every_round=True, source=voucher.name)

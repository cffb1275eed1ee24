"""Recyclomancy: one more discard every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_recyclomancy")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.run.round_discards += voucher.config["extra"]
    game.run.discards_left += voucher.config["extra"]

"""Grabber: one hand every round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_grabber")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.run.round_hands += voucher.config["extra"]
    game.run.hands_left += voucher.config["extra"]

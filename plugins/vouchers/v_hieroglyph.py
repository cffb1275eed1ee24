"""Hieroglyph: back one ante, and one hand fewer every round."""

from balatro_ecs.plugin import content, hookimpl, reference

VOUCHER = reference.voucher("v_hieroglyph")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    run = game.run
    run.ante -= voucher.config["extra"]
    run.round_hands -= voucher.config["extra"]
    run.hands_left -= voucher.config["extra"]

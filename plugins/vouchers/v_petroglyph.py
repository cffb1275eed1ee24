"""Petroglyph: back one ante, and one discard fewer every round."""

from balatro_ecs.plugin import content, hookimpl, reference

VOUCHER = reference.voucher("v_petroglyph")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    run = game.run
    run.ante -= voucher.config["extra"]
    run.round_discards -= voucher.config["extra"]
    run.discards_left = max(0, run.discards_left - voucher.config["extra"])

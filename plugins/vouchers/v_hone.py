"""Hone: Foil, Holographic and Polychrome cards appear 2x as often."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_hone")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.set_edition_rate(max(game.run.edition_rate, voucher.config["extra"]), source=voucher.name)

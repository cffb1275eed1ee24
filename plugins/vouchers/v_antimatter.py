"""Antimatter: one more joker slot."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_antimatter")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.add_joker_slots(1, source=voucher.name)

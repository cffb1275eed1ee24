"""Crystal Ball: one more consumable slot."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_crystal_ball")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.add_consumable_slots(1, source=voucher.name)

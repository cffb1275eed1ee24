"""Seed Money: interest pays up to $10 a round."""

from balatro_ecs.plugin import content, hookimpl, reference

VOUCHER = reference.voucher("v_seed_money")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.run.interest_cap = max(game.run.interest_cap, voucher.config["extra"])

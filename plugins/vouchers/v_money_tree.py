"""Money Tree: interest pays up to $20 a round."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_money_tree")
balatro_content = content(VOUCHER)


@hookimpl
def voucher_redeem(game, voucher):
    game.set_interest(cap=max(game.run.interest_cap, voucher.config["extra"]), source=voucher.name)


@hookimpl
def content_describe(game, values, item):
    return {"interest_max": values["extra"] // 5}  # $1 of interest per $5 held

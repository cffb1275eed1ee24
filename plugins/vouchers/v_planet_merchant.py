"""Planet Merchant: Planet cards appear more often in the shop."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

VOUCHER = reference.voucher("v_planet_merchant")
balatro_content = content(VOUCHER)


BASE_RATE = reference.table("rules")["run_start"]["shop_rates"]["planet"]


@hookimpl
def voucher_redeem(game, voucher):
    rate = max(game.shop_rate("Planet"), BASE_RATE * voucher.config["extra"])
    game.set_shop_rate("Planet", rate, source=voucher.name)

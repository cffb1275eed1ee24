"""The Planet set: the 12 Planet cards. The shop offers one at the run's ``planet_rate``
(Planet Merchant and Planet Tycoon raise it); Black Hole may replace one drawn for a pack.
Each Planet used counts once for Satellite, and is what The Fool copies."""

from balatro_ecs.plugin import ConsumableSetType, content, hookimpl
from balatro_ecs_vanilla import reference

_SHOP = reference.table("rules")["shop"]
SET = ConsumableSetType(
    key="set_planet",
    name="Planet",
    order=3,
    shop_rate=_SHOP["rates"]["planet"],
    shop_rate_field="planet_rate",
    fallback=_SHOP["empty_pool_fallbacks"]["Planet"],
    souls=("c_black_hole",),
    effect="Planet cards: level up a poker hand.",
)
balatro_content = content(SET)


@hookimpl
def consumable_set_used(game, consumable):
    game.count_use("planets_used", consumable.key)
    game.set_last_tarot_planet(consumable.key)

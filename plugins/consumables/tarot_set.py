"""The Tarot set: the 22 Tarot cards. The shop offers one at the run's ``tarot_rate``
(Tarot Merchant and Tarot Tycoon raise it); The Soul may replace one drawn for a pack.
Each use counts for Fortune Teller and, but for The Fool's own, is what The Fool copies."""

from balatro_ecs.plugin import ConsumableSetType, content, hookimpl
from balatro_ecs_vanilla import reference

_SHOP = reference.table("rules")["shop"]
SET = ConsumableSetType(
    key="set_tarot",
    name="Tarot",
    order=2,
    shop_rate=_SHOP["rates"]["tarot"],
    shop_rate_field="tarot_rate",
    fallback=_SHOP["empty_pool_fallbacks"]["Tarot"],
    souls=("c_soul",),
    effect="Tarot cards: change cards in hand, make money or other cards.",
)
balatro_content = content(SET)
#: The Fool makes the last Tarot or Planet used, never another Fool.
FOOL = "c_fool"


@hookimpl
def consumable_set_used(game, consumable):
    game.count_use("tarots_used")
    if consumable.key != FOOL:
        game.set_last_tarot_planet(consumable.key)

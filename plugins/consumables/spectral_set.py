"""The Spectral set: the 18 Spectral cards. The shop offers one at the run's
``spectral_rate`` (0 but for the Ghost Deck); The Soul or Black Hole may replace one drawn
for a pack."""

from balatro_ecs.plugin import ConsumableSetType, content, hookimpl
from balatro_ecs_vanilla import reference

_SHOP = reference.table("rules")["shop"]
SET = ConsumableSetType(
    key="set_spectral",
    name="Spectral",
    order=5,
    shop_rate=_SHOP["rates"]["spectral"],
    shop_rate_field="spectral_rate",
    fallback=_SHOP["empty_pool_fallbacks"]["Spectral"],
    souls=("c_soul", "c_black_hole"),
    effect="Spectral cards: powerful changes to cards, jokers and the run, at a cost.",
)
balatro_content = content(SET)


@hookimpl
def consumable_set_used(game, consumable):
    game.count_use("spectrals_used")

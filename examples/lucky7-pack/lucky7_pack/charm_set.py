"""Charms: a new set of consumable cards (a ``ConsumableSetType``).

The shop offers a Charm at the set's rate, 2 (next to jokers' 20 and Tarots' and
Planets' 4); the Lucky Pack holds Charms; ``game.create_consumable_from_pool("Charm")``
makes one. Its cards are the cards declared with ``set="Charm"``, in their order.
"""

from balatro_ecs.plugin import ConsumableSetType, content

SET = ConsumableSetType(
    key="set_lucky7_charm",
    name="Charm",
    shop_rate=2,
    fallback="c_lucky7_rabbit_foot",  # what an empty pool gives
    effect="Charm cards: small pieces of luck.",
)
balatro_content = content(SET)

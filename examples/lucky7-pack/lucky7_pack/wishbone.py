"""Wishbone: a Charm card. Up to two selected cards become 7s."""

from balatro_ecs.plugin import ConsumableType, change_each, content, select_cards

CHARM = ConsumableType(
    key="c_lucky7_wishbone",
    name="Wishbone",
    set="Charm",
    cost=3,
    order=3,
    selects=(1, 2),
    effect="Up to 2 selected cards become 7s.",
)
balatro_content = content(CHARM)

consumable_can_use = select_cards(CHARM)  # a hand dealt, and 1 to 2 selected
consumable_use = change_each(lambda card: card.set_rank(7))

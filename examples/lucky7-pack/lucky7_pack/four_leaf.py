"""Four-Leaf Clover: a Charm card. The selected card becomes a Clover Card (the pack's
enhancement)."""

from balatro_ecs.plugin import ConsumableType, Enhancement, change_each, content, select_cards

CHARM = ConsumableType(
    key="c_lucky7_four_leaf",
    name="Four-Leaf Clover",
    set="Charm",
    cost=3,
    order=2,
    selects=(1, 1),
    effect="Enhances 1 selected card into a Clover Card.",
)
balatro_content = content(CHARM)

consumable_can_use = select_cards(CHARM)  # a hand dealt, and 1 selected
consumable_use = change_each(lambda card: card.set_enhancement(Enhancement.LUCKY7_CLOVER))

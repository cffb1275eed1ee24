"""Four-Leaf Clover: a Charm card. The selected card becomes a Clover Card (the pack's
enhancement)."""

from balatro_ecs.plugin import ConsumableType, Enhancement, content, hookimpl

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


@hookimpl
def consumable_can_use(game, consumable, targets):
    if not game.hand:
        return "no cards in hand to select"
    return len(targets) == 1 or f"select 1 card in hand ({len(targets)} selected)"


@hookimpl
def consumable_use(game, consumable, targets):
    for card in targets:
        card.set_enhancement(Enhancement.LUCKY7_CLOVER)
        game.card_changed(card, consumable.name)

"""Wishbone: a Charm card. Up to two selected cards become 7s."""

from balatro_ecs.plugin import ConsumableType, content, hookimpl

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


@hookimpl
def consumable_can_use(game, consumable, targets):
    if not game.hand:
        return "no cards in hand to select"
    return 1 <= len(targets) <= 2 or f"select 1 to 2 cards in hand ({len(targets)} selected)"


@hookimpl
def consumable_use(game, consumable, targets):
    for card in targets:
        card.set_rank(7)
        game.card_changed(card, consumable.name)

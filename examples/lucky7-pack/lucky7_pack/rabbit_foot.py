"""Rabbit's Foot: a Charm card. Gives $7; usable at any time."""

from balatro_ecs.plugin import ConsumableType, content, hookimpl

CHARM = ConsumableType(
    key="c_lucky7_rabbit_foot",
    name="Rabbit's Foot",
    set="Charm",
    cost=3,
    order=1,
    config={"dollars": 7},
    effect="Gives $7.",
)
balatro_content = content(CHARM)


@hookimpl
def consumable_can_use(game, consumable, targets):
    return True


@hookimpl
def consumable_use(game, consumable, targets):
    game.earn(CHARM.config["dollars"], consumable.name)

"""Basement Joker (Bunco): when a Boss Blind is defeated, create a Spectral card (if there
is room)."""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_basement",
    name="Basement Joker",
    rarity=3,
    cost=8,
    effect="When a Boss Blind is defeated, create a Spectral card (must have room).",
)
balatro_content = content(JOKER)


@hookimpl
def joker_end_of_round(game, joker):
    if game.run.boss_defeated and game.has_room_for_consumable():
        game.create_consumable_from_pool("Spectral")
    return None

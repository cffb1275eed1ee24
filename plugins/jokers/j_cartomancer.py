"""Cartomancer: when a blind is selected, creates a Tarot card (if there is room)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_cartomancer")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    if game.has_room_for_consumable():
        game.create_consumable_from_pool("Tarot", "car")

"""Judgement: creates a random joker (the usual rarity roll); needs a free joker slot.

The joker is drawn as the game draws it with the key append ``jud``: rarity on
``rarity<ante>jud``, the pool on ``Joker<rarity>jud<ante>``, the edition on ``edijud<ante>``.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

TAROT = reference.tarot("c_judgement")
balatro_content = content(TAROT)


@hookimpl
def consumable_can_use(game, consumable, targets):
    return True if game.has_room_for_joker() else "no free joker slot"


@hookimpl
def consumable_use(game, consumable, targets):
    game.create_joker_from_pool("jud")

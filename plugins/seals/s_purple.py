"""Purple Seal: discarded, it makes a Tarot (if there is room).

Stream: the Tarot pool's, with the game's key append ``8ba``.
"""

from balatro_ecs.plugin import content, hookimpl

from ..enhancements._shapes import seal

SEAL = seal("Purple")
balatro_content = content(SEAL)


@hookimpl
def seal_discard(game, card):
    if game.has_room_for_consumable(0):
        game.create_consumable_from_pool("Tarot", "8ba")

"""The Soul: creates a random Legendary joker; needs a free joker slot.

The joker is drawn as the game draws a Legendary with the key append ``sou``: the pool on
``Joker4`` (one stream for the whole run), the edition on ``edisou<ante>``.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_soul")
balatro_content = content(SPECTRAL)

consumable_can_use = _shapes.needs_joker_room


@hookimpl
def consumable_use(game, consumable, targets):
    game.create_joker_from_pool("sou", legendary=True)

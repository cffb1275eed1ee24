"""Wraith: creates a random Rare joker and sets money to $0; needs a free joker slot.

The joker is drawn as the game draws it with the key append ``wra`` and a rarity roll
forced to 0.99 (Rare): the pool on ``Joker3wra<ante>``, the edition on ``ediwra<ante>``.
"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

from . import _shapes

SPECTRAL = reference.spectral("c_wraith")
balatro_content = content(SPECTRAL)
#: The rarity roll the game passes for Wraith (above 0.95: Rare).
RARE_ROLL = 0.99

consumable_can_use = _shapes.needs_joker_room


@hookimpl
def consumable_use(game, consumable, targets):
    game.create_joker_from_pool("wra", rarity=RARE_ROLL)
    game.earn(-game.run.dollars, consumable.name)

"""Black Hole: every poker hand of the game, secret ones too, goes up one level; usable at
any time."""

from balatro_ecs.plugin import HandType, content, hookimpl
from balatro_ecs_vanilla import reference

SPECTRAL = reference.spectral("c_black_hole")
balatro_content = content(SPECTRAL)
LEVELS = 1


@hookimpl
def consumable_can_use(game, consumable, targets):
    return True


@hookimpl
def consumable_use(game, consumable, targets):
    for hand in range(len(game.run.hands)):  # the game's hands (a mod's too)
        game.level_up(HandType(hand), LEVELS, consumable.name)

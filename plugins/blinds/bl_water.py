"""The Water: the round starts with no discards. (Acts when the blind is set.)"""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_water")
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    blind.memory["discards_removed"] = game.run.discards_left
    game.run.discards_left = 0


@hookimpl
def blind_disabled(game, blind):
    game.run.discards_left += blind.memory.pop("discards_removed", 0)

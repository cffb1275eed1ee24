"""The Water: the round starts with no discards. (Acts when the blind is set.)"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_water"), memory_kinds={"discards_removed": "count"})
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    blind.memory["discards_removed"] = game.run.discards_left
    game.add_discards(-game.run.discards_left, source=blind)


@hookimpl
def blind_disabled(game, blind):
    game.add_discards(blind.memory.pop("discards_removed", 0), source=blind)

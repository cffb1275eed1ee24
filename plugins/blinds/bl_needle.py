"""The Needle: only one hand this round. (Acts when the blind is set.)"""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_needle"), memory_kinds={"hands_removed": "count"})
balatro_content = content(BLIND)


@hookimpl
def blind_set(game, blind):
    removed = game.run.hands_left - 1
    blind.memory["hands_removed"] = removed
    game.add_hands(-removed, source=blind)


@hookimpl
def blind_disabled(game, blind):
    game.add_hands(blind.memory.pop("hands_removed", 0), source=blind)

"""The Mouth: only the first poker hand played this round can score."""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import blind_memory

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_mouth"), memory_kinds={"only_hand": "hand"})
balatro_content = content(BLIND)


MEMORY_KEY = "only_hand"  # the poker hand name locked in by the first hand


@hookimpl
def blind_debuff_hand(ctx, blind):
    locked = blind.memory.get(MEMORY_KEY)
    return locked is not None and locked != ctx.hand_name


@hookimpl
def blind_before_hand(ctx, blind):
    blind.memory.setdefault(MEMORY_KEY, ctx.hand_name)


@hookimpl
def content_describe(game, values, item):
    return {"mouth_hand": blind_memory(game, BLIND.key).get("only_hand")}

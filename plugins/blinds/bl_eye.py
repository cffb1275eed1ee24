"""The Eye: each poker hand can score only once this round."""

from dataclasses import replace

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import blind_memory

# What it keeps in its memory, checked in saves.
BLIND = replace(reference.blind("bl_eye"), memory_kinds={"hands_used": "hands"})
balatro_content = content(BLIND)


MEMORY_KEY = "hands_used"  # the poker hand names already played under The Eye


@hookimpl
def blind_debuff_hand(ctx, blind):
    return ctx.hand_name in blind.memory.get(MEMORY_KEY, ())


@hookimpl
def blind_before_hand(ctx, blind):
    blind.memory.setdefault(MEMORY_KEY, []).append(ctx.hand_name)


@hookimpl
def content_describe(game, values, item):
    used = blind_memory(game, BLIND.key).get("hands_used") or ()
    return {"eye_hands": ", ".join(str(hand) for hand in used) or None}

"""The Eye: each poker hand can score only once this round."""

from balatro_ecs.plugin import content, hookimpl, reference

BLIND = reference.blind("bl_eye")
balatro_content = content(BLIND)


MEMORY_KEY = "hands_used"  # the poker hand names already played under The Eye


@hookimpl
def blind_debuff_hand(ctx, blind):
    return ctx.hand_name in blind.memory.get(MEMORY_KEY, ())


@hookimpl
def blind_before_hand(ctx, blind):
    blind.memory.setdefault(MEMORY_KEY, []).append(ctx.hand_name)

"""The Arm: the played poker hand loses a level before it scores (if above level 1)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_arm")
balatro_content = content(BLIND)


@hookimpl
def blind_before_hand(ctx, blind):
    if ctx.hand_stats().level > 1:
        blind.triggered = True
        ctx.level_up(ctx.hand, -1, blind)

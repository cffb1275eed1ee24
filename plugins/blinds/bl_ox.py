"""The Ox: playing the run's most played poker hand sets money to $0."""

from balatro_ecs.plugin import content, hookimpl, reference

BLIND = reference.blind("bl_ox")
balatro_content = content(BLIND)


@hookimpl
def blind_before_hand(ctx, blind):
    if ctx.hand == ctx.run.most_played_hand:
        blind.triggered = True
        ctx.set_dollars(0, blind)

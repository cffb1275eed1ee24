"""The Ox: playing the run's most played poker hand sets money to $0."""

from balatro_ecs.plugin import HandType, content, hookimpl
from balatro_ecs_vanilla import reference

BLIND = reference.blind("bl_ox")
balatro_content = content(BLIND)


@hookimpl
def blind_before_hand(ctx, blind):
    if ctx.hand == ctx.run.most_played_hand:
        blind.triggered = True
        ctx.set_dollars(0, blind)


@hookimpl
def content_describe(game, values, item):
    return {"ox_hand": HandType(game.run.most_played_hand).title}

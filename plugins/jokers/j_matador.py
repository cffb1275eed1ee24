"""Matador: earns $8 when the played hand triggers the boss blind's ability."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_matador")
balatro_content = content(JOKER)


def _paid(ctx, joker):
    if ctx.blind is not None and ctx.blind.triggered:
        return Effect.dollars_of(joker.state["extra"])
    return None


@hookimpl
def joker_main(ctx, joker):
    return _paid(ctx, joker)


@hookimpl
def joker_debuffed_hand(ctx, joker):
    return _paid(ctx, joker)

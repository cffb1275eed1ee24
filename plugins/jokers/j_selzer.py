"""Seltzer: retriggers every scored card for the next 10 hands."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_selzer")
balatro_content = content(JOKER)


@hookimpl
def joker_repetition(ctx, joker, card):
    return 1


@hookimpl
def joker_after(ctx, joker):
    if joker.copied_by is not None:
        return None
    if joker.state["extra"] - 1 <= 0:
        ctx.destroy_joker(joker, joker)
        return Effect(message="Drank!")
    joker.state["extra"] -= 1
    return None

"""Smiley Face: each scored face card gives +5 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_smiley")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_face():
        return Effect.mult_of(joker.state["extra"])
    return None

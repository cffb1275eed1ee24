"""Photograph: the first scoring face card gives X2 Mult."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_photograph")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if not card.is_face():
        return None
    first = next((c for c in ctx.scoring if c.is_face()), None)
    if card is first:
        return Effect.x_mult_of(joker.state["extra"])
    return None

"""Reserved Parking: each face card held in hand has a 1 in 2 chance to give $1."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_reserved_parking")
balatro_content = content(JOKER)


@hookimpl
def joker_held_individual(ctx, joker, card):
    extra = joker.state["extra"]
    if card.is_face() and ctx.chance("parking", extra["odds"], joker):
        return Effect.dollars_of(extra["dollars"])
    return None

"""Vagabond: creates a Tarot card if the hand is played with $4 or less (if there is room)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_vagabond")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if ctx.run.dollars <= joker.state["extra"]:
        ctx.create_consumable("Tarot", "vag", joker)
    return None

"""8 Ball: each scored 8 has a 1 in 4 chance to create a Tarot card (if there is room)."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_8_ball")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank == 8 and ctx.chance("8ball", joker.state["extra"], joker):
        ctx.create_consumable("Tarot", "8ba", joker)
    return None

"""Hiker: every scored card permanently gains +5 Chips."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_hiker")
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    ctx.add_perma_bonus(card, joker.state["extra"], joker.copied_by or joker)
    return None

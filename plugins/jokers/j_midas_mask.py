"""Midas Mask: every scoring face card becomes a Gold card before the hand scores."""

from balatro_ecs.plugin import Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_midas_mask")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is not None:
        return None
    for card in ctx.scoring:
        if card.is_face():
            ctx.set_enhancement(card, Enhancement.GOLD, joker)
    return None

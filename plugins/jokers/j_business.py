"""Business Card: each scored face card has a 1 in 2 chance to give $2."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_business")
balatro_content = content(JOKER)


DOLLARS = 2  # the payout is a constant in the game's code; ``extra`` holds the odds


@hookimpl
def joker_individual(ctx, joker, card):
    if card.is_face() and ctx.chance("business", joker.state["extra"], joker):
        return Effect.dollars_of(DOLLARS)
    return None

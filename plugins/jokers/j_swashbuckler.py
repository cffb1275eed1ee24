"""Swashbuckler: +Mult equal to the sell value of every other joker owned."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_swashbuckler")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    total = sum(other.sell_value for other in ctx.jokers if other.entity != joker.entity)
    if total > 0:
        return Effect.mult_of(total)
    return None


@hookimpl
def content_describe(game, values, item):
    total = sum(joker.sell_value for joker in game.jokers if joker is not item)
    return {"swash_mult": values.get("mult", 1) * total}

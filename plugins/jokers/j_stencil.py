"""Joker Stencil: X1 Mult for each empty joker slot; each Joker Stencil counts as empty."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_stencil")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    row = ctx.jokers
    x_mult = ctx.game.joker_limit - len(row) + sum(1 for j in row if j.type.key == JOKER.key)
    if x_mult > 1:
        return Effect.x_mult_of(x_mult)
    return None


@hookimpl
def content_describe(game, values, item):
    # Each Stencil counts as an empty slot: the same total whether this one is owned yet.
    stencils = sum(1 for joker in game.jokers if joker.key == JOKER.key)
    return {"stencil_x": game.joker_limit - len(game.jokers) + stencils}

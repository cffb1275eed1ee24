"""Abstract Joker: +3 Mult for each joker owned."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import owned

JOKER = reference.joker("j_abstract")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.mult_of(len(ctx.jokers) * joker.state["extra"])


@hookimpl
def content_describe(game, values, item):
    count = len(game.jokers) + (0 if owned(game, item) else 1)
    return {"abstract_mult": values["extra"] * count}

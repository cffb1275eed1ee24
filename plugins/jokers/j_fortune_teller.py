"""Fortune Teller: +1 Mult for each Tarot card used this run."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_fortune_teller")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    used = ctx.run.tarots_used
    if used > 0:
        return Effect.mult_of(used * joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    return {"fortune_mult": values["extra"] * game.run.tarots_used}

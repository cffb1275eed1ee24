"""Misprint: +0 to +23 Mult, drawn from the run's 'misprint' stream."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_misprint")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    extra = joker.state["extra"]
    return Effect.mult_of(ctx.rng.randint("misprint", extra["min"], extra["max"]))

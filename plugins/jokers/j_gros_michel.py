"""Gros Michel: +15 Mult; 1 in 6 chance to go extinct at the end of each round."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_gros_michel")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.mult_of(joker.state["extra"]["mult"])

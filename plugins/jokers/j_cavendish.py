"""Cavendish: X3 Mult; 1 in 1000 chance to go extinct at the end of each round."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_cavendish")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.x_mult_of(joker.state["extra"]["Xmult"])

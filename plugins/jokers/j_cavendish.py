"""Cavendish: X3 Mult; a 1 in 1000 chance to go extinct at the end of each round."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_cavendish")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.x_mult_of(joker.state["extra"]["Xmult"])


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None and game.chance("cavendish", joker.state["extra"]["odds"], joker):
        game.remove_joker(joker)
        game.record(joker, "message", "extinct")
    return None

"""Gros Michel: +15 Mult; a 1 in 6 chance to go extinct at the end of each round (which
lets Cavendish appear)."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_gros_michel")
balatro_content = content(JOKER)
EXTINCT = "gros_michel_extinct"


@hookimpl
def joker_main(ctx, joker):
    return Effect.mult_of(joker.state["extra"]["mult"])


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is not None:
        return None
    if game.chance("gros_michel", joker.state["extra"]["odds"], joker):
        game.remove_joker(joker)
        game.record(joker, "message", "extinct")
        game.set_pool_flag(EXTINCT)
    return None

"""Erosion: +4 Mult for each card the full deck is below its starting size."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_erosion")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    missing = ctx.run.starting_deck_size - ctx.deck_size()
    if missing > 0:
        return Effect.mult_of(missing * joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    missing = max(0, game.run.starting_deck_size - len(game.playing_cards))
    return {"erosion_mult": values["extra"] * missing}

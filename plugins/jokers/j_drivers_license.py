"""Driver's License: X3 Mult if the full deck has at least 16 enhanced cards."""

from balatro_ecs.plugin import Effect, Enhancement, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_drivers_license")
balatro_content = content(JOKER)


ENHANCED_NEEDED = 16  # a constant in the game's code


@hookimpl
def joker_main(ctx, joker):
    counts = ctx.deck_enhancements()
    enhanced = sum(n for kind, n in counts.items() if kind != Enhancement.NONE)
    if enhanced >= ENHANCED_NEEDED:
        return Effect.x_mult_of(joker.state["extra"])
    return None


@hookimpl
def content_describe(game, values, item):
    counts = game.enhancement_counts()
    enhanced = sum(n for kind, n in counts.items() if kind != Enhancement.NONE)
    return {"enhanced_cards": f"{enhanced} Enhanced"}

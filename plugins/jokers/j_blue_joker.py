"""Blue Joker: +2 Chips for each card left in the draw pile."""

from balatro_ecs.plugin import Area, Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_blue_joker")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    remaining = ctx.draw_pile_size()
    if remaining > 0:
        return Effect.chips_of(joker.state["extra"] * remaining)
    return None


@hookimpl
def content_describe(game, values, item):
    return {"blue_chips": values["extra"] * len(game.area(Area.DECK))}

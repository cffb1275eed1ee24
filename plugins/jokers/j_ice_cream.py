"""Ice Cream: +100 Chips, 5 fewer after each hand played; melts at 0."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_ice_cream")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    return Effect.chips_of(joker.state["extra"]["chips"])


@hookimpl
def joker_after(ctx, joker):
    if joker.copied_by is not None:
        return None
    extra = joker.state["extra"]
    if extra["chips"] - extra["chip_mod"] <= 0:
        ctx.destroy_joker(joker, joker)
        return Effect(message="Melted!")
    extra["chips"] -= extra["chip_mod"]
    return None

"""Mystic Summit: +15 Mult when no discards are left."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_mystic_summit")
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    extra = joker.state["extra"]
    if ctx.run.discards_left == extra["d_remaining"]:
        return Effect.mult_of(extra["mult"])
    return None

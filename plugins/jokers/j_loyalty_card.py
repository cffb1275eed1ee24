"""Loyalty Card: X4 Mult every sixth hand played since it was acquired."""

from dataclasses import replace

from balatro_ecs.plugin import Effect, Joker, content, hookimpl
from balatro_ecs_vanilla import reference
from balatro_ecs_vanilla._describe import owned

# The counter it sets while it plays (its config does not start it).
JOKER = replace(reference.joker("j_loyalty_card"), runtime_state={"loyalty_remaining": 0})
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    extra = joker.state["extra"]
    every = extra["every"]
    since = ctx.run.hands_played - joker.state.get("hands_played_at_create", 0)
    remaining = (every - 1 - since) % (every + 1)
    if joker.copied_by is None:
        joker.state["loyalty_remaining"] = remaining
    if remaining == every:
        return Effect.x_mult_of(extra["Xmult"])
    return None


@hookimpl
def content_describe(game, values, item):
    every = int(values["extra"]["every"])
    out = {"loyalty_every": every + 1}
    since = game.run.hands_played - int(values.get("hands_played_at_create", 0))
    if isinstance(item, Joker) and owned(game, item):
        to_go = (every - since) % (every + 1)
        out["loyalty_left"] = "active on the next hand" if to_go == 0 else f"{to_go} hands to go"
    return out

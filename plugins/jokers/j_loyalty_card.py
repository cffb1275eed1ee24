"""Loyalty Card: X4 Mult every sixth hand played since it was acquired."""

from dataclasses import replace

from balatro_ecs.plugin import Effect, content, hookimpl, reference

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

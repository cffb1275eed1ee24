"""Shepherd Joker (Bunco): gains +6 Chips when the played hand contains a Pair.

Bunco's Lua grows the counter in the ``before`` context (not for a Blueprint copy) and
scores it in ``joker_main``; so does this.
"""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_shepherd",
    name="Shepherd Joker",
    rarity=1,
    cost=5,
    perishable_compat=False,
    config={"extra": {"bonus": 6, "chips": 0}},
    effect="Gains +6 Chips when the played hand contains a Pair.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if joker.copied_by is None and ctx.contains("Pair"):
        extra = joker.state["extra"]
        extra["chips"] += extra["bonus"]
        return Effect(message=f"+{extra['chips']} Chips")
    return None


@hookimpl
def joker_main(ctx, joker):
    chips = joker.state["extra"]["chips"]
    return Effect.chips_of(chips) if chips else None

"""Lucky Seven: each scored 7 gives +7 Mult, and X1.5 more when it is a Lucky card."""

from balatro_ecs.plugin import Effect, Enhancement, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_lucky7_seven",
    name="Lucky Seven",
    rarity=2,
    cost=6,
    config={"extra": 7},
    contexts=("individual",),
    effect="Each scored 7 gives +7 Mult; X1.5 Mult more if it is a Lucky card.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank != 7:
        return None
    if card.enhancement == Enhancement.LUCKY:
        return Effect(mult=joker.state["extra"], x_mult=1.5)
    return Effect(mult=joker.state["extra"])

"""Jackpot: X3 Mult when at least three scoring cards are 7s."""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_lucky7_jackpot",
    name="Jackpot",
    rarity=3,
    cost=8,
    config={"Xmult": 3, "extra": 3},
    contexts=("joker_main",),
    effect="X3 Mult if at least three scoring cards are 7s.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    sevens = sum(1 for card in ctx.scoring if card.rank == 7)
    if sevens >= joker.state["extra"]:
        return Effect(x_mult=joker.state["x_mult"])
    return None

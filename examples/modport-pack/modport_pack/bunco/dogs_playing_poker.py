"""Dogs Playing Poker (Bunco): X2.5 Mult if every scored rank is 2, 3, 4 or 5.

Stone cards (no rank) do not spoil it, as in Bunco's Lua.
"""

from balatro_ecs.plugin import NO_RANK, Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_dogs_playing_poker",
    name="Dogs Playing Poker",
    rarity=2,
    cost=5,
    config={"extra": {"xmult": 2.5}},
    effect="X2.5 Mult if every scored rank is 2, 3, 4 or 5.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_main(ctx, joker):
    if all(card.rank == NO_RANK or 2 <= card.rank <= 5 for card in ctx.scoring):
        return Effect.x_mult_of(joker.state["extra"]["xmult"])
    return None

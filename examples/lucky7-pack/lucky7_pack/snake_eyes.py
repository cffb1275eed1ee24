"""Snake Eyes: each scored Ace gives +11 Chips."""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_lucky7_snake_eyes",
    name="Snake Eyes",
    rarity=1,
    cost=4,
    config={"extra": 11},
    contexts=("individual",),
    effect="Each scored Ace gives +11 Chips.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_individual(ctx, joker, card):
    if card.rank == 14:
        return Effect(chips=joker.state["extra"])
    return None

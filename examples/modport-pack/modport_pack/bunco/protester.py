"""Protester (Bunco): adds 8 times the highest rank discarded this round to Chips.

A rank counts by its chip value (2 to 10, faces 10, Ace 11), as Bunco reads the card's
``nominal``; Stone cards have none. The counter resets at the end of the round.
"""

from balatro_ecs.plugin import NO_RANK, Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_protester",
    name="Protester",
    rarity=1,
    cost=4,
    config={"extra": {"chip_mult": 8, "chips": 0, "rank": 0}},
    effect="Adds 8X the highest rank discarded this round to Chips.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_pre_discard(game, joker, cards, hook):
    if joker.copied_by is not None:
        return None
    extra = joker.state["extra"]
    for card in cards:
        if card.rank != NO_RANK and card.chip_value > extra["rank"]:
            extra["rank"] = card.chip_value
            extra["chips"] = card.chip_value * extra["chip_mult"]
    return None


@hookimpl
def joker_main(ctx, joker):
    chips = joker.state["extra"]["chips"]
    return Effect.chips_of(chips) if chips else None


@hookimpl
def joker_end_of_round(game, joker):
    extra = joker.state["extra"]
    if joker.copied_by is None and extra["rank"]:
        extra["rank"] = extra["chips"] = 0
        return Effect(message="Reset")
    return None

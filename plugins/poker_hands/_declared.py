"""The vanilla poker hands' declarations, from the reference table (hands.toml)."""

from balatro_ecs.plugin import PokerHandType
from balatro_ecs_vanilla import reference


def poker_hand(name: str, effect: str) -> PokerHandType:
    """The hand ``name`` of hands.toml: key ``h_`` + its name in snake case, order its
    priority (1: the best); ``effect``: what it is, for players."""
    row = reference.hand_table()[name]
    return PokerHandType(
        key="h_" + "_".join(name.lower().split()),
        name=name,
        effect=effect,
        chips=row["base_chips"],
        mult=row["base_mult"],
        level_chips=row["chips_per_level"],
        level_mult=row["mult_per_level"],
        order=row["priority"],
        visible=row["visible_at_start"],
        by_shape=True,  # the game's hands read only ranks, straights, flushes, the highest
    )

"""The game's twelve poker hands, one plugin module each, named by key (``h_pair``), best
first. Each declares its numbers (hands.toml) and finds itself with ``poker_hand_detect``
from the shared :class:`~balatro_ecs.game.hands.HandParts`."""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "h_flush_five",
        "h_flush_house",
        "h_five_of_a_kind",
        "h_straight_flush",
        "h_four_of_a_kind",
        "h_full_house",
        "h_flush",
        "h_straight",
        "h_three_of_a_kind",
        "h_two_pair",
        "h_pair",
        "h_high_card",
    )
)

"""The vanilla decks (backs), one plugin module each."""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "b_red",
        "b_blue",
        "b_yellow",
        "b_green",
        "b_black",
        "b_magic",
        "b_nebula",
        "b_ghost",
        "b_abandoned",
        "b_checkered",
        "b_zodiac",
        "b_painted",
        "b_anaglyph",
        "b_plasma",
        "b_erratic",
        "b_challenge",
    )
)

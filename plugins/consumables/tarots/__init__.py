"""The 22 Tarot cards, one plugin module each, named by key.

Shapes several cards share (enhance the selected cards, change their suit, create cards
while there is room) live in :mod:`._shapes`; each module reads its numbers from the
card's reference config.
"""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "c_fool",
        "c_magician",
        "c_high_priestess",
        "c_empress",
        "c_emperor",
        "c_heirophant",
        "c_lovers",
        "c_chariot",
        "c_justice",
        "c_hermit",
        "c_wheel_of_fortune",
        "c_strength",
        "c_hanged_man",
        "c_death",
        "c_temperance",
        "c_devil",
        "c_tower",
        "c_star",
        "c_moon",
        "c_sun",
        "c_judgement",
        "c_world",
    )
)

"""The 30 vanilla blinds (Small, Big, 23 bosses, 5 showdown bosses), one plugin module each."""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "bl_small",
        "bl_big",
        "bl_hook",
        "bl_ox",
        "bl_house",
        "bl_wall",
        "bl_wheel",
        "bl_arm",
        "bl_club",
        "bl_fish",
        "bl_psychic",
        "bl_goad",
        "bl_water",
        "bl_window",
        "bl_manacle",
        "bl_eye",
        "bl_mouth",
        "bl_plant",
        "bl_serpent",
        "bl_pillar",
        "bl_needle",
        "bl_head",
        "bl_tooth",
        "bl_flint",
        "bl_mark",
        "bl_final_acorn",
        "bl_final_leaf",
        "bl_final_vessel",
        "bl_final_heart",
        "bl_final_bell",
    )
)

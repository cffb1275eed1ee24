"""Lucky Sevens: an example third-party pack for balatro_ecs.

One entry point (``lucky7 = "lucky7_pack"``) registers this package; it lists its content
modules in ``balatro_plugins``, one module per content item, as the vanilla content does.
The manifest is ``balatro_pack.toml`` beside this file.
"""

balatro_plugins = (
    f"{__name__}.lucky_seven",
    f"{__name__}.jackpot",
    f"{__name__}.snake_eyes",
    f"{__name__}.the_black_cat",
    f"{__name__}.lucky_deck",
    f"{__name__}.clover_card",
    f"{__name__}.horseshoe_seal",
    f"{__name__}.charm_set",
    f"{__name__}.rabbit_foot",
    f"{__name__}.four_leaf",
    f"{__name__}.wishbone",
    f"{__name__}.lucky_pack",
    f"{__name__}.seventh_heaven",
)

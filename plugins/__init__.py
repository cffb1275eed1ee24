"""The vanilla content of Balatro 1.0.1o as balatro_ecs plugins.

Installed under the import name ``balatro_ecs_vanilla``. It is loaded by the same path
as any third-party pack: :data:`balatro_ecs.kernel.manager.BUILTIN_PLUGINS` names this module,
and ``balatro_plugins`` below lists the rest.
"""

balatro_plugins = (
    f"{__name__}.jokers",
    f"{__name__}.blinds",
    f"{__name__}.decks",
    f"{__name__}.stakes",
    f"{__name__}.vouchers",
    f"{__name__}.tags",
    f"{__name__}.consumables",
    f"{__name__}.boosters",
    f"{__name__}.enhancements",
    f"{__name__}.editions",
    f"{__name__}.seals",
    f"{__name__}.poker_hands",
    f"{__name__}.stickers",
    f"{__name__}.rarities",
)

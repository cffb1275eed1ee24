"""The vanilla content of Balatro 1.0.1o as balatro_ecs plugins.

Installed under the import name ``balatro_ecs_vanilla``. It is loaded by the same path
as any third-party pack: :data:`balatro_ecs.kernel.manager.BUILTIN_PLUGINS` names this module,
and ``balatro_plugins`` below lists the rest: first the game's schedule
(:mod:`balatro_ecs.game.events`: the run's events and the game's own systems, given through
the same hooks a pack adds its systems with), then the content.
"""

balatro_plugins = (
    "balatro_ecs.game.events",
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
    f"{__name__}.pools",
)

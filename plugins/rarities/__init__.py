"""The game's four joker rarities, one plugin module each, named by key (``rarity_common``).

Jokers give them by number (``rarity=1`` .. ``4``) or by key; the rarity roll and each
rarity's pool come from their declarations (rules.toml ``[shop]``: ``joker_rarity_roll``,
``pool_key_format``; :func:`balatro_ecs.game.run.cards_for_sale.roll_rarity`).
"""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in ("rarity_common", "rarity_uncommon", "rarity_rare", "rarity_legendary")
)

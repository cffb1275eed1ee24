"""The game's 32 booster packs, one module per kind (boosters.toml): each declares that
kind's packs (normal, jumbo, mega) and says what their cards are with ``booster_card``."""

balatro_plugins = tuple(
    f"{__name__}.{kind}" for kind in ("arcana", "celestial", "spectral", "standard", "buffoon")
)

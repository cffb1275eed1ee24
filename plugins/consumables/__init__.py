"""The vanilla consumables (Tarot, Planet, Spectral cards) and booster packs."""

balatro_plugins = (
    f"{__name__}.planets",
    f"{__name__}.tarots",
    f"{__name__}.spectrals",
    f"{__name__}.boosters",
)

"""The vanilla consumables: the Tarot, Planet and Spectral sets and their cards."""

balatro_plugins = (
    f"{__name__}.tarot_set",
    f"{__name__}.planet_set",
    f"{__name__}.spectral_set",
    f"{__name__}.planets",
    f"{__name__}.tarots",
    f"{__name__}.spectrals",
)

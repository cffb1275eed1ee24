"""The four vanilla editions, one plugin module each, named by key."""

balatro_plugins = tuple(
    f"{__name__}.{key}" for key in ("e_foil", "e_holo", "e_polychrome", "e_negative")
)

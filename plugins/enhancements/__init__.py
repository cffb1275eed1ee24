"""The eight vanilla enhancements, one plugin module each, named by key."""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "m_bonus",
        "m_mult",
        "m_wild",
        "m_glass",
        "m_steel",
        "m_stone",
        "m_gold",
        "m_lucky",
    )
)

"""The four vanilla seals, one plugin module each, named by key (``s_gold``: the game's
``"Gold"``)."""

balatro_plugins = tuple(f"{__name__}.{key}" for key in ("s_gold", "s_red", "s_blue", "s_purple"))

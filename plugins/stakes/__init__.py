"""The eight vanilla stakes; a run at stake N applies every stake up to N."""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "stake_white",
        "stake_red",
        "stake_green",
        "stake_black",
        "stake_blue",
        "stake_purple",
        "stake_orange",
        "stake_gold",
    )
)

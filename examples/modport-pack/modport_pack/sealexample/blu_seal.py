"""Blu Seal (Steamodded's SealExample): +5 Mult, +20 Chips, $1 and X1.5 Mult when the card
scores.

Drawn by Standard packs and Certificate next to the game's four seals (``weight`` 1).
"""

from balatro_ecs.plugin import Effect, SealType, content, hookimpl

SEAL = SealType(
    key="s_modport_blu",
    name="Blu Seal",
    config={"mult": 5, "chips": 20, "money": 1, "x_mult": 1.5},
    effect="+5 Mult, +20 Chips, $1, X1.5 Mult when scored.",
)
balatro_content = content(SEAL)
_SCORED = Effect(
    chips=SEAL.config["chips"],
    mult=SEAL.config["mult"],
    dollars=SEAL.config["money"],
    x_mult=SEAL.config["x_mult"],
)


@hookimpl
def seal_scored(ctx, card):
    return _SCORED

"""Mod ports: items of three public Steamodded mods, ported to balatro_ecs.

What each item does comes from its mod (Firch's Bunco, MathIsFun0's Cryptid, the Steamodded
examples' SealExample); the code is written against ``balatro_ecs.plugin`` alone: run
hooks (money, levels, purchases, the shop opening, the row rearranged, tags), commands
(hands, discards, tags from a stream of the pack's own, shop offers, joker shuffles) and
rules (selection limit, pack slots). No private import, and no scan of ``game.jokers``
for the pack's own jokers: each acts through its own hooks, so Blueprint and Brainstorm
copy it and a debuffed one does nothing.

One entry point (``modport = "modport_pack"``) registers this package; it lists its
content modules in ``balatro_plugins``, one module per item. The manifest is
``balatro_pack.toml`` beside this file.
"""

_BUNCO = (
    "shepherd",
    "dogs_playing_poker",
    "righthook",
    "basement",
    "nil_bill",
    "hopscotch",
    "protester",
    "running_joke",
    "conquest",
    "fiendish",
    "head_in_the_clouds",
    "knight",
)
_CRYPTID = (
    "cursor",
    "old_blueprint",
    "chad",
    "booster_joker",
    "compound_interest",
    "pot_of_jokes",
    "pickle",
    "fractal_fingers",
)
_SEALEXAMPLE = ("blu_seal", "honk")

balatro_plugins = (
    *(f"{__name__}.bunco.{name}" for name in _BUNCO),
    *(f"{__name__}.cryptid.{name}" for name in _CRYPTID),
    *(f"{__name__}.sealexample.{name}" for name in _SEALEXAMPLE),
)

"""The 18 Spectral cards, one plugin module each, named by key.

Shapes several cards share (add a seal to the selected card, destroy a card and create
new ones, need room for a joker) live in :mod:`._shapes`; each module reads its numbers
from the card's reference config.
"""

balatro_plugins = tuple(
    f"{__name__}.{key}"
    for key in (
        "c_familiar",
        "c_grim",
        "c_incantation",
        "c_talisman",
        "c_aura",
        "c_wraith",
        "c_sigil",
        "c_ouija",
        "c_ectoplasm",
        "c_immolate",
        "c_ankh",
        "c_deja_vu",
        "c_hex",
        "c_trance",
        "c_medium",
        "c_cryptid",
        "c_soul",
        "c_black_hole",
    )
)

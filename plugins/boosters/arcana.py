"""Arcana Packs: Tarot cards (The Soul may replace one); with Omen Globe each card may be
a Spectral card instead. Opening one deals a hand, so the Tarots have targets."""

from __future__ import annotations

from typing import Any

from balatro_ecs.plugin import BoosterType, pack_consumable

from ._kind import packs_of


def arcana_card(game: Any, booster: BoosterType, index: int) -> Any:
    above = game.rules.arcana_spectral_above  # Omen Globe: 0.8
    if above is not None and game.rng.random("omen_globe") > above:
        return pack_consumable(game, "Spectral", "ar2")
    return pack_consumable(game, "Tarot", "ar1")


balatro_plugins = packs_of("Arcana", arcana_card, deals_hand=True)

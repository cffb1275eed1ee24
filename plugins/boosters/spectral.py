"""Spectral Packs: Spectral cards (The Soul or Black Hole may replace one). Opening one
deals a hand, so the cards have targets."""

from __future__ import annotations

from typing import Any

from balatro_ecs.plugin import BoosterType, pack_consumable

from ._kind import packs_of


def spectral_card(game: Any, booster: BoosterType, index: int) -> Any:
    return pack_consumable(game, "Spectral", "spe")


balatro_plugins = packs_of("Spectral", spectral_card, deals_hand=True)

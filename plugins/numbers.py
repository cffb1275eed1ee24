"""The playing-card numbers the rules use: enhancements, editions, seals.

Read once from the reference tables (enhancements.toml, editions.toml, seals.toml); the
vanilla enhancement, edition and seal plugins take them from here.
"""

from __future__ import annotations

from typing import Any

from balatro_ecs.plugin import Edition, Enhancement

from . import reference

__all__ = [
    "BONUS_CHIPS",
    "FOIL_CHIPS",
    "GLASS_SHATTER_ODDS",
    "GLASS_X_MULT",
    "GOLD_CARD_DOLLARS",
    "GOLD_SEAL_DOLLARS",
    "HOLO_MULT",
    "LUCKY_DOLLARS",
    "LUCKY_DOLLARS_ODDS",
    "LUCKY_MULT",
    "LUCKY_MULT_ODDS",
    "MULT_CARD_MULT",
    "POLYCHROME_X_MULT",
    "STEEL_X_MULT",
    "STONE_CHIPS",
]


def _config(table: str, list_key: str, key: str) -> dict[str, Any]:
    row = next(r for r in reference.table(table)[list_key] if r["key"] == key)
    return dict(row["config"])


# The vanilla kinds only (by value): a plugin may have added kinds before this is imported.
_ENH = {e.key: _config("enhancements", "enhancement", e.key) for e in Enhancement if 0 < e <= 8}
_ED = {e.key: _config("editions", "edition", e.key) for e in Edition if 0 < e <= 4}

BONUS_CHIPS: int = _ENH["m_bonus"]["bonus"]
STONE_CHIPS: int = _ENH["m_stone"]["bonus"]
MULT_CARD_MULT: int = _ENH["m_mult"]["mult"]
GLASS_X_MULT: float = _ENH["m_glass"]["Xmult"]
GLASS_SHATTER_ODDS: int = _ENH["m_glass"]["extra"]
STEEL_X_MULT: float = _ENH["m_steel"]["h_x_mult"]
GOLD_CARD_DOLLARS: int = _ENH["m_gold"]["h_dollars"]
LUCKY_MULT: int = _ENH["m_lucky"]["mult"]
LUCKY_DOLLARS: int = _ENH["m_lucky"]["p_dollars"]
#: The Lucky card's odds are constants in the game's code ("1 in 5", "1 in 15").
LUCKY_MULT_ODDS = 5
LUCKY_DOLLARS_ODDS = 15
#: Gold Seal money per scored trigger (seals.toml).
GOLD_SEAL_DOLLARS = 3
FOIL_CHIPS: int = _ED["e_foil"]["extra"]
HOLO_MULT: int = _ED["e_holo"]["extra"]
POLYCHROME_X_MULT: float = _ED["e_polychrome"]["extra"]

"""Standard Packs: playing cards, each rolled in turn for an edition (twice the shop's
odds, never Negative), a seal (20%, then its kind) and an enhancement (40%)."""

from __future__ import annotations

from typing import Any

from balatro_ecs.plugin import BoosterType, Seal, pack_playing_card

from ._kind import packs_of

#: A roll on ``stdseal<ante>`` above this gives the card a seal (20%).
SEAL_ABOVE = 1 - 0.02 * 10
#: A roll on ``stdset<ante>`` above this makes the card enhanced (40%).
ENHANCED_ABOVE = 0.6


def standard_card(game: Any, booster: BoosterType, index: int) -> Any:
    ante = game.run.ante
    edition = game.random_edition(f"standard_edition{ante}", mod=2, no_negative=True)
    seal = Seal.NONE
    if game.rng.random(f"stdseal{ante}") > SEAL_ABOVE:
        seal = game.random_seal(f"stdsealtype{ante}")
    enhanced = game.rng.random(f"stdset{ante}") > ENHANCED_ABOVE
    return pack_playing_card(game, "sta", enhanced=enhanced, edition=edition, seal=seal)


balatro_plugins = packs_of("Standard", standard_card)

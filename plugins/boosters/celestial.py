"""Celestial Packs: Planet cards (Black Hole may replace one); with Telescope the first is
the Planet of the most played poker hand."""

from __future__ import annotations

from typing import Any

from balatro_ecs.plugin import BoosterType, HandType, pack_consumable

from ._kind import packs_of


def _most_played_planet(game: Any) -> str | None:
    """The Planet of the visible hand played most (the best hand on a tie), if any."""
    best, most = None, 0
    for hand in map(HandType, range(len(game.run.hands))):  # the game's hands, best first
        stats = game.run.hands[hand]
        if stats.visible and stats.played > most:
            best, most = hand, stats.played
    return game.planet_for(best) if best is not None else None


def celestial_card(game: Any, booster: BoosterType, index: int) -> Any:
    forced = None
    if index == 0 and game.rules.celestial_most_played:  # Telescope
        forced = _most_played_planet(game)
    return pack_consumable(game, "Planet", "pl1", forced=forced)


balatro_plugins = packs_of("Celestial", celestial_card)

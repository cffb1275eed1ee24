"""Buffoon Packs: jokers, made as the shop makes them. A normal Buffoon Pack is the first
pack of a run's first shop (the game picks one of its two by an unseeded roll; both say
so, and the engine offers the first)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from balatro_ecs.plugin import BoosterType, pack_joker

from ._kind import Pack, boosters_of


def buffoon_card(game: Any, booster: BoosterType, index: int) -> Any:
    return pack_joker(game, "buf")


balatro_plugins = tuple(
    Pack(replace(booster, first_shop=booster.size == "normal"), buffoon_card)
    for booster in boosters_of("Buffoon")
)

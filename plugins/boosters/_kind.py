"""What every vanilla pack module shares: one plugin per pack, all of a kind making their
cards with the kind's function."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from balatro_ecs.plugin import BoosterType, hookimpl
from balatro_ecs_vanilla import reference

#: What a kind's cards are: ``card(game, booster, index)``, as ``booster_card``.
CardMaker = Callable[[Any, BoosterType, int], Any]


class Pack:
    """One booster pack's plugin: its declaration, and its kind's ``booster_card``."""

    def __init__(self, booster: BoosterType, card: CardMaker) -> None:
        self.type = booster
        self._card = card

    @hookimpl
    def balatro_content(self) -> BoosterType:
        return self.type

    @hookimpl
    def booster_card(self, game: Any, booster: BoosterType, index: int) -> Any:
        return self._card(game, booster, index)

    def __repr__(self) -> str:
        return f"<Pack {self.type.key}>"


def boosters_of(kind: str) -> list[BoosterType]:
    """The game's packs of ``kind``, in order, as boosters.toml declares them."""
    packs = (reference.booster(key) for key in reference.keys("boosters", "pack"))
    return [booster for booster in packs if booster.kind == kind]


def packs_of(kind: str, card: CardMaker, **declared: Any) -> tuple[Pack, ...]:
    """The plugins of the game's packs of ``kind``, each declaring ``declared`` too
    (``deals_hand=True``) and making its cards with ``card``."""
    return tuple(Pack(replace(booster, **declared), card) for booster in boosters_of(kind))

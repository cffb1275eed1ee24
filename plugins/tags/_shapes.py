"""Shapes shared by several vanilla tags."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from balatro_ecs.plugin import Edition, Joker, Phase, hookimpl

__all__ = ["COMMON_ROLL", "RARE_ROLL", "UNCOMMON_ROLL", "edition_tag", "free_joker", "pack_tag"]

#: Forced rarity rolls (the game's create_card ``_rarity``): 0 Common, 0.9 Uncommon, 1 Rare.
COMMON_ROLL = 0.0
UNCOMMON_ROLL = 0.9
RARE_ROLL = 1.0


def free_joker(game: Any, rarity: float, append: str) -> Joker:
    """A shop joker of a forced rarity, offered for free."""
    joker = game.random_joker(append, rarity=rarity)
    game.make_free(joker)
    return joker


def edition_tag(tag: Any, edition: Edition) -> Callable[..., Any]:
    """The next edition-less shop joker gets ``edition`` and is free (Foil Tag & co.)."""

    @hookimpl
    def tag_apply(game: Any, tag: Any, trigger: str, subject: Any) -> Any:
        if trigger == "store_joker_modify" and isinstance(subject, Joker) and not subject.edition:
            game.set_edition(subject, edition)
            game.make_free(subject)
            return True
        return None

    return tag_apply


def pack_tag(pack: str) -> Callable[..., Any]:
    """Open a free booster pack when the next blind choice comes up (Buffoon Tag & co.)."""

    @hookimpl
    def tag_apply(game: Any, tag: Any, trigger: str, subject: Any) -> Any:
        if trigger == "new_blind_choice" and game.run.phase is not Phase.PACK:
            game.open_pack(pack)
            return True
        return None

    return tag_apply

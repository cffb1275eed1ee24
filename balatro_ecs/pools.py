"""Drawing content from the game's pools, the way the game draws it.

A pool lists every content item of a set in the game's order; items that may not appear
now (owned already, hidden, a secret Planet whose hand was never played, ...) stay in
the list as unavailable placeholders so that indices do not move. The draw picks an index
on the stream ``set + key_append + ante`` and, while it lands on a placeholder, draws
again on ``..._resample2``, ``..._resample3``, ... (rules.toml ``[shop]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import reference
from .content import ConsumableType
from .enums import HandType

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "EMPTY_POOL_FALLBACK",
    "consumable_pool",
    "draw_consumable",
    "draw_pool",
    "owned_keys",
    "planet_for",
]

#: What a pool with nothing available yields (rules.toml ``empty_pool_fallbacks``).
EMPTY_POOL_FALLBACK: dict[str, str] = dict(reference.table("rules")["shop"]["empty_pool_fallbacks"])


def owned_keys(game: Game) -> set[str]:
    """Content keys of every card in play now: held, on sale in the shop, or shown in an
    open pack (the game's ``used_jokers``). A pool draw skips them, so a shop row, a
    reroll or a pack never repeats a card the run can already see or own."""
    keys = {j.key for j in game.jokers} | {c.key for c in game.consumables}
    for item in (*game.shop, *game.pack):
        key = getattr(item, "key", None)
        if key is not None:
            keys.add(key)
    return keys


def consumable_pool(
    game: Game, card_set: str, key_append: str = ""
) -> tuple[list[str | None], str]:
    """The pool for ``card_set`` ("Tarot", "Planet", "Spectral") and its stream key.

    Unavailable entries are ``None``.
    """
    owned = set() if game.rules.allow_duplicates else owned_keys(game)
    pool: list[str | None] = []
    for item in game.plugins.all(ConsumableType):
        if item.set != card_set:
            continue
        available = not item.hidden and item.key not in owned
        if available and item.secret and item.hand is not None:
            available = game.run.hands[HandType.from_name(item.hand)].played > 0
        pool.append(item.key if available else None)
    return pool, f"{card_set}{key_append}{game.run.ante}"


def draw_pool(game: Game, pool: Sequence[str | None], stream: str, fallback: str) -> str:
    """Pick from a pool with unavailable placeholders (``None``), resampling as the game does."""
    if not any(pool):
        return fallback
    picked = game.rng.element(stream, pool)
    attempt = 1
    while picked is None:
        attempt += 1
        picked = game.rng.element(f"{stream}_resample{attempt}", pool)
    return picked


def draw_consumable(game: Game, card_set: str, key_append: str = "") -> str:
    """The key of a random available ``card_set`` card, drawn as the game draws it."""
    pool, stream = consumable_pool(game, card_set, key_append)
    return draw_pool(game, pool, stream, EMPTY_POOL_FALLBACK[card_set])


def planet_for(game: Game, hand: HandType) -> str | None:
    """The key of the Planet card that levels up ``hand`` (None if no plugin provides one)."""
    for item in game.plugins.all(ConsumableType):
        if item.set == "Planet" and item.hand == hand.title:
            return item.key
    return None

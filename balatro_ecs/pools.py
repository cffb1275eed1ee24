"""Drawing content from the game's pools, the way the game draws it.

A pool lists every content item of a set in the game's order; items that may not appear
now (owned already, hidden, a secret Planet whose hand was never played, ...) stay in
the list as unavailable placeholders so that indices do not move. The draw picks an index
on the stream ``set + key_append + ante`` and, while it lands on a placeholder, draws
again on ``..._resample2``, ``..._resample3``, ... (rules.toml ``[shop]``).

Card modifiers (enhancements, editions, seals) are drawn from the kinds the plugin set
declares (:func:`modifier_pools`): the vanilla kinds first, in the game's order and with
its odds, then the packs' kinds, each with its declared ``weight``. With only the vanilla
content every draw is the game's, to the bit.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import enums, reference
from .content import ConsumableType, EditionType, EnhancementType, SealType
from .enums import Edition, Enhancement, HandType, Seal

if TYPE_CHECKING:
    from .game import Game
    from .manager import Plugins

__all__ = [
    "EMPTY_POOL_FALLBACK",
    "ModifierPools",
    "consumable_pool",
    "draw_consumable",
    "draw_enhancement",
    "draw_pool",
    "modifier_pools",
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


# ---------------------------------------------------------------------------------------
# card modifiers
# ---------------------------------------------------------------------------------------

#: The vanilla seals in the order the game's seal roll tests them (``> 0.75`` Red, ...).
_VANILLA_SEALS = (Seal.RED, Seal.BLUE, Seal.GOLD, Seal.PURPLE)
#: The vanilla editions' share of a roll at the base rate (Foil's threshold, 0.04).
VANILLA_EDITION_ODDS = 0.04
_POOLS_KEY = "modifier_pools"
# Kinds from these values on are the packs' (enums.add_kind numbers them after the game's).
_VANILLA_ENHANCEMENTS = Enhancement.LUCKY + 1
_VANILLA_EDITIONS = Edition.NEGATIVE + 1
_VANILLA_SEAL_COUNT = Seal.PURPLE + 1


def _weighted(kinds: Sequence[tuple[int, float]]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The kinds with a weight above 0, and their running totals."""
    picked: list[int] = []
    running: list[float] = []
    total = 0.0
    for kind, weight in kinds:
        if weight > 0:
            total += weight
            picked.append(kind)
            running.append(total)
    return tuple(picked), tuple(running)


class ModifierPools:
    """What random draws of card modifiers choose from, for one plugin set.

    :ivar enhancements: the Enhanced pool (Standard packs, Magic Trick): the vanilla
        enhancements in the game's order, then the packs', each with a weight above 0.
    :ivar enhancement_totals: the running totals of their weights (each vanilla one
        weighs 1, so with only those the draw is the game's ``pseudorandom_element``).
    :ivar created: the enhancements a Spectral card gives the cards it makes (Familiar,
        Grim, Incantation): the Enhanced pool less the kinds without a rank (Stone).
    :ivar created_totals: their running totals.
    :ivar editions: the packs' editions after the game's four, each with the running total
        of the odds (from the vanilla ``0.04``) below which a roll gives it.
    :ivar edition_odds: all editions' odds at the base rate (``0.04`` for the game's).
    :ivar registered_editions: every edition the plugin set declares.
    :ivar seals: the seals in the order a seal roll tests them, each with the threshold a
        roll must pass (``0.75``, ``0.5``, ``0.25``, ... for the game's four).
    """

    __slots__ = (
        "created",
        "created_totals",
        "edition_odds",
        "editions",
        "enhancement_totals",
        "enhancements",
        "registered_editions",
        "seals",
        "version",
    )

    def __init__(self, plugins: Plugins) -> None:
        self.version = enums.KINDS_ADDED[0]
        declared = list(plugins.all(EnhancementType))
        ordered = sorted(
            (item for item in declared if item.kind < _VANILLA_ENHANCEMENTS),
            key=lambda item: item.kind,
        ) + [item for item in declared if item.kind >= _VANILLA_ENHANCEMENTS]
        kinds, totals = _weighted([(item.kind, item.weight) for item in ordered])
        self.enhancements: tuple[Enhancement, ...] = tuple(map(Enhancement, kinds))
        self.enhancement_totals = totals
        kinds, totals = _weighted(
            [(item.kind, item.weight) for item in ordered if not item.no_rank]
        )
        self.created: tuple[Enhancement, ...] = tuple(map(Enhancement, kinds))
        self.created_totals = totals

        editions = list(plugins.all(EditionType))
        self.registered_editions = frozenset({Edition.NONE, *(e.kind for e in editions)})
        extra: list[tuple[Edition, float]] = []
        odds = VANILLA_EDITION_ODDS
        for item in editions:
            if item.kind >= _VANILLA_EDITIONS and item.weight > 0:
                odds += item.weight
                extra.append((item.kind, odds))
        self.editions: tuple[tuple[Edition, float], ...] = tuple(extra)
        self.edition_odds = odds

        seals = {item.kind: item for item in plugins.all(SealType)}
        order = [(kind, 1.0) for kind in _VANILLA_SEALS if kind in seals]
        order += [
            (kind, item.weight) for kind, item in seals.items() if kind >= _VANILLA_SEAL_COUNT
        ]
        kinds, totals = _weighted(order)
        whole = totals[-1] if totals else 1.0
        self.seals: tuple[tuple[Seal, float], ...] = tuple(
            (Seal(kind), 1 - running / whole) for kind, running in zip(kinds, totals, strict=True)
        )


def modifier_pools(plugins: Plugins) -> ModifierPools:
    """The modifier pools of ``plugins``, built once per plugin set (again when a plugin
    declares a new kind)."""
    found: ModifierPools | None = plugins.cache.get(_POOLS_KEY)
    if found is None or found.version != enums.KINDS_ADDED[0]:
        found = plugins.cache[_POOLS_KEY] = ModifierPools(plugins)
    return found


def draw_enhancement(game: Game, stream: str, created: bool = False) -> Enhancement:
    """A random enhancement on ``stream``: from the Enhanced pool, or (``created``) the
    one Spectral cards draw from. With equal weights this is ``pseudorandom_element``
    over the pool: the running totals are 1, 2, 3, ..., and the first one above
    ``roll * n`` is at ``floor(roll * n)``."""
    pools = modifier_pools(game.plugins)
    kinds, totals = (
        (pools.created, pools.created_totals)
        if created
        else (pools.enhancements, pools.enhancement_totals)
    )
    if not kinds:
        return Enhancement.BONUS  # the game's fallback for an empty pool
    index = bisect_right(totals, game.rng.random(stream) * totals[-1])
    return kinds[min(index, len(kinds) - 1)]

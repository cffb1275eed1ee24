"""Making the cards the shop and the packs offer, the way the game makes them.

Each draw uses the game's stream keys (rules.toml ``[shop]``): card type ``cdt<ante>``,
joker rarity ``rarity<ante><append>`` (over the rarities the plugin set declares:
:mod:`balatro_ecs.game.rarities`), the pool ``Joker<rarity><append><ante>`` (with
``_resample<n>`` on unavailable entries), the stickers (each sticker plugin's roll,
:func:`~balatro_ecs.game.stickers.roll_stickers`: the game's ``etperpoll<ante>`` /
``ssjr<ante>``, ``packetper`` / ``packssjr`` in packs), the edition ``edi<append><ante>``,
and for playing cards the front ``front<append><ante>`` and the enhancement pool. Enhancements,
editions and seals come from the kinds the plugin set declares
(:func:`~balatro_ecs.game.pools.modifier_pools`): a pack's kinds join the draws after the game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.components import Area
from ...kernel.content import ConsumableType, JokerType, RarityType
from ...kernel.enums import Edition, Enhancement, Seal, Suit
from ...kernel.errors import ContentError, show
from ..cards import Card, CardSpec
from ..pools import (
    ModifierPools,
    draw_consumable,
    draw_enhancement,
    draw_pool,
    modifier_pools,
    owned_keys,
    pool_fallback,
)
from ..rarities import RarityPools, rarity_pools
from ..stickers import roll_stickers
from .setup import RANK_CHARS, SUIT_LETTERS

if TYPE_CHECKING:
    from ..game import Game
    from ..jokers import Consumable, Joker

__all__ = [
    "joker_pool",
    "make_consumable",
    "make_joker",
    "make_playing_card",
    "poll_edition",
    "random_front",
    "random_seal",
    "random_shop_edition",
    "roll_rarity",
]

_CARD_KEYS = sorted((f"{SUIT_LETTERS[s]}_{RANK_CHARS[r]}", r, s) for s in Suit for r in RANK_CHARS)


def poll_edition(
    game: Game, stream: str, mod: float = 1.0, no_negative: bool = False, guaranteed: bool = False
) -> Edition:
    """The game's edition roll: Negative, then Polychrome, Holographic, Foil, then the
    packs' editions (each by its declared ``weight``), or none.

    ``guaranteed`` is the roll of an effect that always gives an edition (The Wheel of
    Fortune once it hits, Aura): 25 times the base odds, whatever the edition rate (with
    the packs' editions: the odds scaled so that they add up to 1 again).
    """
    poll = game.rng.random(stream)
    rate = game.run.edition_rate
    pools = modifier_pools(game.plugins)
    if guaranteed:
        rate, mod = 1, (1 / pools.edition_odds if pools.editions else 25)
    return _edition_for(pools, poll, rate, mod, no_negative, guaranteed)


def _edition_for(
    pools: ModifierPools, poll: float, rate: float, mod: float, no_negative: bool, always: bool
) -> Edition:
    """The edition a roll ``poll`` gives: the vanilla thresholds as the game writes them
    (Negative's odds ignore the rate; the products in the game's order), then the packs'
    editions; ``always``: the last one rather than none when the roll passes no threshold.
    An edition the plugin set lacks (blocked) gives none."""
    if poll > 1 - 0.003 * mod and not no_negative:
        found = Edition.NEGATIVE
    elif poll > 1 - 0.006 * rate * mod:
        found = Edition.POLYCHROME
    elif poll > 1 - 0.02 * rate * mod:
        found = Edition.HOLO
    elif poll > 1 - 0.04 * rate * mod:
        found = Edition.FOIL
    else:
        found = Edition.NONE
        for kind, odds in pools.editions:
            if poll > 1 - odds * rate * mod:
                found = kind
                break
        else:
            if always and pools.editions:
                found = pools.editions[-1][0]
    return found if found in pools.registered_editions else Edition.NONE


def random_shop_edition(game: Game, roll: float) -> Edition:
    """The edition of a playing card for sale with Illusion, from its roll: Polychrome
    (``> 0.85``), Holographic (``> 0.5``) or Foil, or a pack's edition by its weight."""
    pools = modifier_pools(game.plugins)
    if not pools.editions:  # the game's literal thresholds
        found = Edition.POLYCHROME if roll > 0.85 else Edition.HOLO if roll > 0.5 else Edition.FOIL
        return found if found in pools.registered_editions else Edition.NONE
    return _edition_for(pools, roll, 1, 1 / pools.edition_odds, True, True)


def random_front(game: Game, stream: str) -> tuple[int, Suit]:
    """A random rank and suit, drawn over the 52 card keys as the game lists them."""
    _, rank, suit = game.rng.element(stream, _CARD_KEYS)
    return rank, suit


def random_seal(game: Game, stream: str) -> Seal:
    """A random seal: Red, Blue, Gold, Purple one in four each (the game's roll: ``> 0.75``
    Red, ``> 0.5`` Blue, ``> 0.25`` Gold), then the packs' seals, each by its ``weight``."""
    roll = game.rng.random(stream)
    seals = modifier_pools(game.plugins).seals
    for kind, threshold in seals:
        if roll > threshold:
            return kind
    return seals[-1][0] if seals else Seal.NONE


def roll_rarity(game: Game, append: str, forced: float | None = None) -> RarityType:
    """A random joker's rarity, rolled on ``rarity<ante><append>`` over the rarities the
    plugin set declares (:mod:`balatro_ecs.game.rarities`): the game's Common (70%), Uncommon
    (25%), Rare (5%), then the packs' by weight. ``forced`` replaces the roll, on the
    game's scale (the game's create_card ``_rarity``: 0 Common, 0.9 Uncommon, 1 Rare).

    :raises ContentError: no rarity of the set has a weight above 0.
    """
    pools = rarity_pools(game.plugins)
    if forced is not None:
        return pools.roll(forced, forced=True)
    return pools.roll(game.rng.random(f"rarity{game.run.ante}{append}"), forced=False)


def _rarity(game: Game, pools: RarityPools, rarity: RarityType | int | str) -> RarityType:
    """The set's rarity ``rarity`` names: itself, a number (1 Common ... 4 Legendary), or
    a key or name."""
    if isinstance(rarity, RarityType):
        return rarity
    found = pools.rarities.get(
        JokerType.RARITY_KEYS.get(rarity, "") if isinstance(rarity, int) else rarity
    )
    if found is not None:
        return found
    if isinstance(rarity, int) and not isinstance(rarity, bool):
        if rarity not in JokerType.RARITY_KEYS:
            raise ContentError(f"rarity number must be 1..4, got {show(rarity)}")
        rarity = JokerType.RARITY_KEYS[rarity]
    return game.plugins.find(RarityType, str(rarity))  # by name; names a blocked one


def joker_pool(
    game: Game, rarity: RarityType | int | str, append: str
) -> tuple[list[str | None], str]:
    """The jokers of a rarity (a :class:`~balatro_ecs.kernel.content.RarityType`, the game's
    number 1..4, or a rarity's key or name) in the game's order, with unavailable ones as
    ``None``, and the stream to draw on (the rarity's ``pool_stream``, then the key
    append and the ante unless the stream is shared: ``Joker1sho1``, ``Joker4``)."""
    pools = rarity_pools(game.plugins)
    kind = _rarity(game, pools, rarity)
    run = game.run
    owned = set() if game.rules.allow_duplicates else owned_keys(game)
    enhancements: set[str] = set()
    if kind.key in pools.gated:
        enhancements = {e.key for e, n in game.enhancement_counts().items() if n}
    all_unlocked = kind.ignores_unlocks or run.unlocks == "all"
    flags = run.flags
    pool: list[str | None] = []
    for joker in pools.jokers.get(kind.key, ()):
        available = joker.key not in owned and (all_unlocked or joker.unlocked)
        if joker.requires_enhancement and joker.requires_enhancement not in enhancements:
            available = False
        if joker.blocked_by_flag and joker.blocked_by_flag in flags:
            available = False
        if joker.requires_flag and joker.requires_flag not in flags:
            available = False
        pool.append(joker.key if available else None)
    if kind.shared_stream:
        return pool, kind.pool_stream
    return pool, f"{kind.pool_stream}{append}{run.ante}"


def make_joker(
    game: Game,
    area: Area,
    append: str,
    rarity: float | str | None = None,
    legendary: bool = False,
) -> Joker:
    """A new random joker for ``area`` (the shop, a pack, or the joker row).

    ``rarity``: a forced roll on the game's scale (0 Common, 0.9 Uncommon, 1 Rare), or a
    rarity's key or name (no roll: ``"rarity_mypack_mythic"``); ``legendary``: a
    Legendary (The Soul).
    """
    run = game.run
    tier: RarityType | int | str
    if legendary:
        tier = 4
    elif isinstance(rarity, str):
        tier = rarity
    else:
        tier = roll_rarity(game, append, rarity)
    pool, stream = joker_pool(game, tier, append)
    key = draw_pool(game, pool, stream, pool_fallback(game.plugins, "Joker"), "Joker")
    stickers = None
    if area in (Area.SHOP, Area.PACK):  # the stickers roll (stickers.roll_stickers)
        stickers = roll_stickers(game, game.plugins.joker(key), area)
    edition = poll_edition(game, f"edi{append}{run.ante}")
    return game.new_joker(key, edition=edition, stickers=stickers, area=area)


def make_consumable(
    game: Game,
    card_set: str,
    area: Area,
    append: str,
    soulable: bool = False,
    forced: str | None = None,
) -> Consumable:
    """A new random card of ``card_set`` (a consumable set's name) for ``area``: ``forced``,
    or drawn from the set's pool (``soulable``: a soul may replace it,
    :func:`~balatro_ecs.game.pools.draw_consumable`)."""
    key = forced
    if key is None:
        key = draw_consumable(game, card_set, append, soulable=soulable)
    return game.new_consumable(game.plugins.find(ConsumableType, key), area=area)


def make_playing_card(
    game: Game,
    area: Area,
    append: str,
    enhanced: bool,
    edition: Edition = Edition.NONE,
    seal: Seal = Seal.NONE,
) -> Card:
    """A new random playing card (shop cards with Magic Trick, Standard packs)."""
    run = game.run
    enhancement = Enhancement.NONE
    if enhanced:  # the Enhanced pool: the game's eight, then the packs' enhancements
        enhancement = draw_enhancement(game, f"Enhanced{append}{run.ante}")
    rank, suit = random_front(game, f"front{append}{run.ante}")
    spec = CardSpec(rank, suit, enhancement=enhancement, edition=edition, seal=seal)
    return game.new_card(spec, area)

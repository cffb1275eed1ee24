"""Making the cards the shop and the packs offer, the way the game makes them.

Each draw uses the game's stream keys (rules.toml ``[shop]``): card type ``cdt<ante>``,
joker rarity ``rarity<ante><append>``, the pool ``Joker<rarity><append><ante>`` (with
``_resample<n>`` on unavailable entries), the edition ``edi<append><ante>``, the stake
stickers ``etperpoll<ante>`` / ``ssjr<ante>`` (``packetper`` / ``packssjr`` in packs), and for
playing cards the front ``front<append><ante>`` and the enhancement pool. Enhancements,
editions and seals come from the kinds the plugin set declares
(:func:`~balatro_ecs.pools.modifier_pools`): a pack's kinds join the draws after the game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, CardSpec
from ..components import Area
from ..content import ConsumableType, JokerType
from ..enums import Edition, Enhancement, Seal, Suit
from ..pools import (
    EMPTY_POOL_FALLBACK,
    ModifierPools,
    draw_enhancement,
    draw_pool,
    modifier_pools,
    owned_keys,
)
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


def roll_rarity(game: Game, append: str, forced: float | None = None) -> int:
    """1 Common (70%), 2 Uncommon (25%), 3 Rare (5%); ``forced`` replaces the roll."""
    roll = forced if forced is not None else game.rng.random(f"rarity{game.run.ante}{append}")
    return 3 if roll > 0.95 else 2 if roll > 0.7 else 1


def joker_pool(game: Game, rarity: int, append: str) -> tuple[list[str | None], str]:
    """The jokers of a rarity in the game's order, with unavailable ones as ``None``."""
    run = game.run
    owned = set() if game.rules.allow_duplicates else owned_keys(game)
    enhancements = {e.key for e, n in game.enhancement_counts().items() if n}
    pool: list[str | None] = []
    for joker in game.plugins.all(JokerType):
        if joker.rarity != rarity:
            continue
        unlocked = joker.unlocked or rarity == 4 or run.unlocks == "all"
        available = joker.key not in owned and unlocked
        if joker.requires_enhancement and joker.requires_enhancement not in enhancements:
            available = False
        if joker.blocked_by_flag and joker.blocked_by_flag in run.flags:
            available = False
        if joker.requires_flag and joker.requires_flag not in run.flags:
            available = False
        pool.append(joker.key if available else None)
    if rarity == 4:  # the Legendary pool is one stream: no append, no ante ("Joker4")
        return pool, "Joker4"
    return pool, f"Joker{rarity}{append}{run.ante}"


def make_joker(
    game: Game,
    area: Area,
    append: str,
    rarity: float | None = None,
    legendary: bool = False,
) -> Joker:
    """A new random joker for ``area`` (the shop, a pack, or the joker row)."""
    run = game.run
    tier = 4 if legendary else roll_rarity(game, append, rarity)
    pool, stream = joker_pool(game, tier, append)
    key = draw_pool(game, pool, stream, EMPTY_POOL_FALLBACK["Joker"])
    eternal = perishable = rental = False
    if area in (Area.SHOP, Area.PACK):
        in_pack = area is Area.PACK
        poll = game.rng.random(f"{'packetper' if in_pack else 'etperpoll'}{run.ante}")
        if run.eternals_in_shop and poll > 0.7:
            eternal = True
        elif run.perishables_in_shop and 0.4 < poll <= 0.7:
            perishable = True
        if (
            run.rentals_in_shop
            and game.rng.random(f"{'packssjr' if in_pack else 'ssjr'}{run.ante}") > 0.7
        ):
            rental = True
    edition = poll_edition(game, f"edi{append}{run.ante}")
    return game.new_joker(
        key, edition=edition, eternal=eternal, perishable=perishable, rental=rental, area=area
    )


def _soul_roll(game: Game, card_set: str) -> str | None:
    """Soul-able draws (packs): a 0.3% chance of The Soul or Black Hole instead."""
    forced = None
    owned = set() if game.rules.allow_duplicates else owned_keys(game)
    stream = f"soul_{card_set}{game.run.ante}"
    # Each check draws from the stream only when its card could appear.
    soul_possible = card_set in ("Tarot", "Spectral") and "c_soul" not in owned
    if soul_possible and game.rng.random(stream) > 0.997:
        forced = "c_soul"
    hole_possible = card_set in ("Planet", "Spectral") and "c_black_hole" not in owned
    if hole_possible and game.rng.random(stream) > 0.997:
        forced = "c_black_hole"
    return forced


def make_consumable(
    game: Game,
    card_set: str,
    area: Area,
    append: str,
    soulable: bool = False,
    forced: str | None = None,
) -> Consumable:
    """A new random Tarot, Planet or Spectral card for ``area``."""
    from ..pools import consumable_pool

    key = forced
    if key is None and soulable:
        key = _soul_roll(game, card_set)
    if key is None:
        pool, stream = consumable_pool(game, card_set, append)
        key = draw_pool(game, pool, stream, EMPTY_POOL_FALLBACK[card_set])
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

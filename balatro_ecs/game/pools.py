"""Drawing content from the game's pools, the way the game draws it.

A pool lists every content item of a set in the game's order; items that may not appear
now (owned already, hidden, a secret Planet whose hand was never played, ...) stay in
the list as unavailable placeholders so that indices do not move. The draw picks an index
on the stream ``set + key_append + ante`` and, while it lands on a placeholder, draws
again on ``..._resample2``, ``..._resample3``, ... (rules.toml ``[shop]``).

Consumable sets are content (:class:`~balatro_ecs.kernel.content.ConsumableSetType`): the game's
Tarot, Planet and Spectral sets and the packs' own are read once per plugin set
(:func:`consumable_sets`): each set's cards in pool order, its empty-pool fallback, the
souls that may replace a pack's draw, and where its rate comes in the shop's card-type roll.

Card modifiers (enhancements, editions, seals) are drawn from the kinds the plugin set
declares (:func:`modifier_pools`): the vanilla kinds first, in the game's order and with
its odds, then the packs' kinds, each with its declared ``weight``. With only the vanilla
content every draw is the game's, to the bit.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..kernel import enums
from ..kernel.content import (
    ConsumableSetType,
    ConsumableType,
    EditionType,
    EnhancementType,
    SealType,
)
from ..kernel.enums import Edition, Enhancement, HandType, Seal
from ..kernel.errors import ContentError, UnknownNameError, show
from .state import RunState

if TYPE_CHECKING:
    from ..kernel.manager import Plugins
    from .game import Game

__all__ = [
    "PLAYING_CARDS_ORDER",
    "ConsumableSets",
    "ModifierPools",
    "consumable_pool",
    "consumable_sets",
    "draw_consumable",
    "draw_enhancement",
    "draw_pool",
    "modifier_pools",
    "owned_keys",
    "planet_for",
    "pool_fallback",
    "set_shop_rate",
    "shop_rate",
    "soul_roll",
]


def pool_fallback(plugins: Plugins, pool: str) -> str:
    """The card a pool with nothing available yields: for a consumable set (``"Tarot"``,
    a pack's set) its declared ``fallback``; for ``"Joker"``, ``"Voucher"``, ``"Tag"``
    what ``balatro_pool_fallback`` answers (the vanilla pack: the game's Joker, Blank,
    Handy Tag). Kept per plugin set.

    :raises ContentError: no plugin names a fallback for ``pool``.
    """
    cache = plugins.cache
    found: str | None = cache.get(("pool fallback", pool))
    if found is None:
        sets = consumable_sets(plugins)
        if pool in sets.cards or pool in sets._by_name:
            found = sets.fallback(sets.name_of(pool))
        else:
            found = plugins.pm.hook.balatro_pool_fallback(pool=pool)
            if not isinstance(found, str) or not found:
                raise ContentError(f"the {pool} pool is empty and no plugin names a fallback")
        cache[("pool fallback", pool)] = found
    return found


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


# ---------------------------------------------------------------------------------------
# consumable sets
# ---------------------------------------------------------------------------------------

_SETS_KEY = "consumable_sets"
#: Where the playing cards' rate comes in the shop's card-type roll, among the consumable
#: sets' ``order`` (the game's walk: jokers, Tarot 2, Planet 3, playing cards 4, Spectral 5).
PLAYING_CARDS_ORDER = 4
#: A roll on a set's ``soul_`` stream above this gives one of its souls (0.3%).
SOUL_ODDS = 0.997


class ConsumableSets:
    """The consumable sets of one plugin set, and their cards.

    :ivar sets: every declared set, in order.
    :ivar cards: set name -> its cards in pool order (hidden ones too), for every set a
        card names, declared or not.
    :ivar shop: the shop's card-type roll after the jokers: each declared set, and
        ``None`` for the playing cards, in order (:data:`PLAYING_CARDS_ORDER`).
    """

    __slots__ = ("_by_name", "_fallbacks", "_souls", "cards", "sets", "shop")

    def __init__(self, plugins: Plugins) -> None:
        self.sets: tuple[ConsumableSetType, ...] = tuple(plugins.all(ConsumableSetType))
        self._by_name: dict[str, ConsumableSetType] = {}
        rate_fields = {name for name, value in RunState().to_dict().items() if type(value) is float}
        for item in self.sets:
            for name in (item.name, item.key):
                other = self._by_name.setdefault(name, item)
                if other is not item:
                    raise ContentError(
                        f"consumable sets {other.key!r} and {item.key!r} are both named {name!r}"
                    )
            if item.shop_rate_field and item.shop_rate_field not in rate_fields:
                raise ContentError(
                    f"consumable set {item.key!r}: shop_rate_field {item.shop_rate_field!r} is "
                    f"not a number field of the run (one of {', '.join(sorted(rate_fields))})"
                )
        cards: dict[str, list[ConsumableType]] = {item.name: [] for item in self.sets}
        for card in plugins.all(ConsumableType):
            cards.setdefault(card.set, []).append(card)
        self.cards: dict[str, tuple[ConsumableType, ...]] = {
            name: tuple(members) for name, members in cards.items()
        }
        known = {card.key for members in cards.values() for card in members}
        self._fallbacks: dict[str, str] = {}
        self._souls: dict[str, tuple[str, ...]] = {}
        for item in self.sets:
            if item.fallback and item.fallback not in known:
                raise ContentError(
                    f"consumable set {item.key!r}: fallback {item.fallback!r} is not a "
                    "consumable of the plugin set"
                )
            # a soul whose card is blocked (or not loaded) is left out of the roll
            self._souls[item.name] = tuple(key for key in item.souls if key in known)
        for name, members in self.cards.items():
            declared = self._by_name.get(name)
            fallback = declared.fallback if declared is not None else ""
            if fallback or members:
                self._fallbacks[name] = fallback or members[0].key
        shop: list[ConsumableSetType | None] = []
        for item in self.sets:
            if None not in shop and (item.order or 1_000_000) > PLAYING_CARDS_ORDER:
                shop.append(None)
            shop.append(item)
        if None not in shop:
            shop.append(None)
        self.shop: tuple[ConsumableSetType | None, ...] = tuple(shop)

    def find(self, name: str) -> ConsumableSetType | None:
        """The declared set named (or keyed) ``name``; ``None`` when none is."""
        return self._by_name.get(name)

    def name_of(self, card_set: str) -> str:
        """The name cards give for ``card_set`` (a set's name or key), checked: a set that
        is neither declared nor named by any card is an
        :class:`~balatro_ecs.kernel.errors.UnknownNameError`."""
        declared = self._by_name.get(card_set)
        if declared is not None:
            return declared.name
        if card_set in self.cards:
            return card_set
        raise UnknownNameError("consumable set", card_set, list(self.cards))

    def fallback(self, name: str) -> str:
        """The card an empty pool of set ``name`` yields."""
        found = self._fallbacks.get(name)
        if found is None:
            raise ContentError(f"consumable set {show(name)} has no cards to draw")
        return found

    def souls(self, name: str) -> tuple[str, ...]:
        """The hidden cards that may replace a card of set ``name`` drawn for a pack."""
        return self._souls.get(name, ())


def consumable_sets(plugins: Plugins) -> ConsumableSets:
    """The consumable sets of ``plugins``, built once per plugin set."""
    found: ConsumableSets | None = plugins.cache.get(_SETS_KEY)
    if found is None:
        found = plugins.cache[_SETS_KEY] = ConsumableSets(plugins)
    return found


def consumable_pool(
    game: Game, card_set: str, key_append: str = ""
) -> tuple[list[str | None], str]:
    """The pool for ``card_set`` (a set's name or key: "Tarot", "Planet", "Spectral", a
    pack's set) and its stream key (``<name><key_append><ante>``).

    Unavailable entries are ``None``.
    """
    sets = consumable_sets(game.plugins)
    name = sets.name_of(card_set)
    owned = set() if game.rules.allow_duplicates else owned_keys(game)
    hands = game.run.hands
    pool: list[str | None] = []
    for item in sets.cards[name]:
        available = not item.hidden and item.key not in owned
        if available and item.secret and item.hand is not None:
            available = hands[HandType.from_name(item.hand)].played > 0
        pool.append(item.key if available else None)
    return pool, f"{name}{key_append}{game.run.ante}"


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


def soul_roll(game: Game, card_set: str) -> str | None:
    """The soul (The Soul, Black Hole, a pack's own) that replaces a card of ``card_set``
    drawn for a pack, if any: each of the set's ``souls`` not in play rolls on
    ``soul_<name><ante>`` in turn, and the last roll above 0.997 wins."""
    sets = consumable_sets(game.plugins)
    name = sets.name_of(card_set)
    souls = sets.souls(name)
    if not souls:
        return None
    forced = None
    owned = set() if game.rules.allow_duplicates else owned_keys(game)
    stream = f"soul_{name}{game.run.ante}"
    for key in souls:  # each draws only when its card could appear
        if key not in owned and game.rng.random(stream) > SOUL_ODDS:
            forced = key
    return forced


def draw_consumable(
    game: Game, card_set: str, key_append: str = "", *, soulable: bool = False
) -> str:
    """The key of a random available ``card_set`` card, drawn as the game draws it
    (``soulable``: a pack's draw, which a soul may replace, :func:`soul_roll`)."""
    sets = consumable_sets(game.plugins)
    name = sets.name_of(card_set)
    if soulable:
        forced = soul_roll(game, name)
        if forced is not None:
            return forced
    pool, stream = consumable_pool(game, name, key_append)
    return draw_pool(game, pool, stream, sets.fallback(name))


def shop_rate(game: Game, card_set: ConsumableSetType) -> float:
    """The rate of ``card_set`` in the shop's card-type roll now: its run field's
    (``tarot_rate``), or what the run keeps for it (its declared ``shop_rate`` until
    changed)."""
    if card_set.shop_rate_field:
        rate: float = getattr(game.run, card_set.shop_rate_field)
        return rate
    return game.run.shop_rates.get(card_set.key, card_set.shop_rate)


def set_shop_rate(game: Game, card_set: str, rate: float) -> None:
    """Change the shop rate of ``card_set`` (a set's name or key) for the rest of the run
    (a voucher, a deck); it is saved with the run."""
    found = consumable_sets(game.plugins).find(card_set)
    if found is None:
        raise UnknownNameError(
            "consumable set", card_set, [s.name for s in consumable_sets(game.plugins).sets]
        )
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not rate >= 0:
        raise ContentError(f"consumable set {show(found.key)}: a shop rate must be a number >= 0")
    if found.shop_rate_field:
        setattr(game.run, found.shop_rate_field, float(rate))
    else:
        game.run.shop_rates[found.key] = float(rate)


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

"""Drawing content from the game's pools, the way the game draws it.

A pool lists every content item of a set in the game's order; items that may not appear
now (owned already, hidden, a secret Planet whose hand was never played, ...) stay in
the list as unavailable placeholders so that indices do not move. The draw picks an index
on the stream ``set + key_append + ante`` and, while it lands on a placeholder, draws
again on ``..._resample2``, ``..._resample3``, ... (rules.toml ``[shop]``).

Jokers may weigh a pool's items before a draw (``joker_modify_weights``, Steamodded's
``modify_weights``; :func:`draw_weighted`): the same roll on the same stream is read
against the weights' running total, so weights left equal draw the game's item, and a
game whose content implements no such hook never builds the weights at all.

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

import math
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from typing import TYPE_CHECKING, Any

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
from ..kernel.faults import bad_answer
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
    "draw_weighted",
    "modifier_pools",
    "modify_weights",
    "owned_keys",
    "pick_weighted",
    "planet_for",
    "pool_fallback",
    "set_shop_rate",
    "shop_rate",
    "soul_roll",
    "weigh",
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


def draw_pool(
    game: Game, pool: Sequence[str | None], stream: str, fallback: str, kind: str = ""
) -> str:
    """Pick from a pool with unavailable placeholders (``None``), resampling as the game does.

    ``kind`` names the pool for the jokers' ``joker_modify_weights`` (``"Joker"``, a
    consumable set's name, ``"Voucher"``, ``"Tag"``): when some content implements it,
    the jokers weigh the available items first (:func:`draw_weighted`).
    """
    if not any(pool):
        return fallback
    if kind and WEIGHTS_HOOK in game.plugins.implemented:
        chain = game._planned(WEIGHTS_HOOK)
        if chain:
            return draw_weighted(game, pool, stream, fallback, kind, chain)
    picked = game.rng.element(stream, pool)
    attempt = 1
    while picked is None:
        attempt += 1
        picked = game.rng.element(f"{stream}_resample{attempt}", pool)
    return picked


# ---------------------------------------------------------------------------------------
# the jokers' weights (Steamodded's modify_weights)
# ---------------------------------------------------------------------------------------

#: The joker hook that weighs a pool's items before a draw.
WEIGHTS_HOOK = "joker_modify_weights"


def modify_weights(
    game: Game,
    chain: Sequence[Any],
    kind: str,
    items: Sequence[str],
    weights: Sequence[float],
) -> tuple[float, ...]:
    """``weights`` as the jokers' ``joker_modify_weights`` hooks (``chain``: the hook's
    plan) leave them, each in slot order given what the one before it returned.

    :raises TypeError: a hook returned something other than one number ``>= 0`` per item
        (named by :func:`~balatro_ecs.kernel.faults.name_fault` as its plugin's).
    """
    current = tuple(weights)
    names = tuple(items)
    for fn, view, _joker in chain:
        said = fn(game, view, kind, names, current)
        if said is not None:
            current = _checked_weights(said, len(names), view)
    return current


def _checked_weights(said: object, count: int, source: object) -> tuple[float, ...]:
    """What a ``joker_modify_weights`` hook returned, as weights: a list or tuple of
    ``count`` real numbers, each finite and ``>= 0``."""
    if isinstance(said, (list, tuple)) and len(said) == count:
        ok = True
        for weight in said:
            if type(weight) not in (int, float) or not 0 <= weight < math.inf:
                ok = False
                break
        if ok:
            return tuple(float(weight) for weight in said)
    bad_answer(WEIGHTS_HOOK, said, f"a list of {count} numbers >= 0, one per item", source)


def draw_weighted(
    game: Game,
    pool: Sequence[str | None],
    stream: str,
    fallback: str,
    kind: str,
    chain: Sequence[Any],
) -> str:
    """A draw from ``pool`` (``None``: unavailable) once the jokers (``chain``: the
    ``joker_modify_weights`` plan) have weighed its available items.

    An item weighted 0 becomes unavailable. When the items left weigh the same, this is
    the game's draw on that pool (:func:`draw_pool`). Otherwise each entry of the pool
    weighs its item's weight (an unavailable one, the average), the roll on ``stream``
    picks the entry under ``roll * total`` on their running total, and an unavailable
    entry is drawn again on ``<stream>_resample<n>`` as the game does: one draw, the
    game's, read against the weights. No item left: ``fallback``.
    """
    items = [key for key in pool if key is not None]
    weights = modify_weights(game, chain, kind, items, [1.0] * len(items))
    weight_of = dict(zip(items, weights, strict=True))
    kept = [key if key is not None and weight_of[key] > 0 else None for key in pool]
    left = [weight_of[key] for key in kept if key is not None]
    if not left:
        return fallback
    if min(left) == max(left):
        return draw_pool(game, kept, stream, fallback)
    average = sum(left) / len(left)
    totals = list(accumulate(average if key is None else weight_of[key] for key in kept))
    last = len(kept) - 1
    attempt = 1
    picked = kept[min(bisect_right(totals, game.rng.random(stream) * totals[-1]), last)]
    while picked is None:
        attempt += 1
        roll = game.rng.random(f"{stream}_resample{attempt}")
        picked = kept[min(bisect_right(totals, roll * totals[-1]), last)]
    return picked


def weigh(
    game: Game, kind: str, items: Sequence[str], weights: Sequence[float]
) -> tuple[float, ...] | None:
    """``weights`` of ``items`` as the jokers' ``joker_modify_weights`` leave them, for a
    draw that is not a pool with placeholders (the ante's boss, the shop's packs);
    ``None`` when no joker in the row has the hook (callers test
    ``WEIGHTS_HOOK in game.plugins.implemented`` first: a vanilla game never comes here)."""
    chain = game._planned(WEIGHTS_HOOK)
    if not chain:
        return None
    return modify_weights(game, chain, kind, items, weights)


def pick_weighted(roll: float, weights: Sequence[float]) -> int:
    """The index a roll in ``[0, 1)`` picks on the running total of ``weights`` (some
    above 0): the first whose total passes ``roll * total``, never one weighing 0. With
    weights all 1 this is ``floor(roll * n)``, the game's ``pseudorandom_element``."""
    totals = list(accumulate(weights))
    index = bisect_right(totals, roll * totals[-1])
    if index >= len(weights):  # a roll that rounds up to the total: the last item that weighs
        index = max(i for i, weight in enumerate(weights) if weight > 0)
    return index


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
    return draw_pool(game, pool, stream, sets.fallback(name), name)


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

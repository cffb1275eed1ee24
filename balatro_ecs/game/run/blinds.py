"""Blind sizes, rewards and the choice of each ante's boss, tags and voucher.

Numbers come from rules.toml (``[ante_base_chips]``, ``[blind_multipliers]``) and
blinds.toml; the draws use the game's streams (``boss``, ``Tag<ante>``, ``Voucher<ante>``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...kernel.content import BlindType, TagType, VoucherType
from ...kernel.errors import ContentError
from ...kernel.rng import lua_mod
from ..pools import WEIGHTS_HOOK, draw_pool, pick_weighted, pool_fallback, weigh
from ..run_rules import ANTE_BASE_CHIPS
from .tags import draw_tag

if TYPE_CHECKING:
    from ..game import Game
    from .flow import EventContext

__all__ = [
    "blind_amount",
    "blind_chips",
    "blind_key",
    "blind_reward",
    "blind_type_on_deck",
    "choose_boss",
    "next_blind",
    "next_tag",
    "next_voucher",
    "reroll_boss",
]

_NEXT_BLIND = {"Small": "Big", "Big": "Boss"}


def next_blind(which: str) -> str:
    """The blind that follows ``which`` in an ante ("Boss" is followed by the next Small)."""
    return _NEXT_BLIND.get(which, "Small")


_CHIPS = ANTE_BASE_CHIPS
_TABLES: dict[int, list[float]] = {
    1: _CHIPS["scaling_1"],
    2: _CHIPS["scaling_2"],
    3: _CHIPS["scaling_3"],
}
_BELOW_ONE: float = _CHIPS["ante_below_1"]


#: Below this, a double holds every whole number exactly (2^53).
_EXACT = float(2**53)


def blind_amount(ante: int, scaling: int = 1) -> float:
    """The base chips of an ante (the game's ``get_blind_amount``), for a stake's scaling.

    Past ante 8 the game grows the last entry and keeps two significant digits.

    >>> blind_amount(1), blind_amount(8), blind_amount(9)
    (300, 50000, 110000)
    """
    amounts = _TABLES[scaling]
    if ante < 1:
        return _BELOW_ONE
    if ante <= 8:
        return amounts[ante - 1]
    # In doubles, as the game computes it (exact Python integers would differ from the
    # game's last bits past 2^53, from ante 18 on).
    a, b, c = float(amounts[7]), 1.6, float(ante - 8)
    d = 1 + 0.2 * c
    try:
        amount = float(math.floor(a * (b + (0.75 * c) ** d) ** c))
    except OverflowError:
        return math.inf
    if not 0 < amount < math.inf:
        return amount
    step = 10.0 ** math.floor(math.log10(amount) - 1)
    if step > 1:
        amount -= lua_mod(amount, step)
    return int(amount) if amount < _EXACT else amount


def blind_type_on_deck(game: Game) -> BlindType:
    """The blind the player is about to play or skip."""
    return game.plugins.blind(blind_key(game, game.run.blind_on_deck))


def blind_key(game: Game, which: str) -> str:
    """The key of the blind played as ``which`` (``"Small"``, ``"Big"``, ``"Boss"``) this
    ante: the boss drawn for the ante, else the plugin set's blind of that kind (``kind``
    ``"small"`` or ``"big"``; the first in the game's order).

    :raises ContentError: the plugin set has no blind of that kind.
    """
    if which == "Boss":
        return game.run.boss
    cache = game.plugins.cache
    fixed: dict[str, str] | None = cache.get("fixed blinds")
    if fixed is None:
        fixed = {}
        for blind in game.plugins.all(BlindType):
            if blind.kind in ("small", "big"):
                fixed.setdefault(blind.kind.title(), blind.key)
        cache["fixed blinds"] = fixed
    try:
        return fixed[which]
    except KeyError:
        raise ContentError(f"no {which.lower()} blind (kind {which.lower()!r}) is loaded") from None


def blind_chips(game: Game, blind: BlindType) -> float:
    """Score needed to beat ``blind`` at the current ante."""
    run = game.run
    return blind_amount(run.ante, run.scaling) * blind.mult * run.ante_scaling


def blind_reward(game: Game, blind: BlindType) -> int:
    """Money for beating ``blind`` (none for blinds the stake takes the reward from)."""
    which = {"small": "Small", "big": "Big"}.get(blind.kind, "Boss")
    return 0 if which in game.run.no_blind_reward else blind.dollars


def _bosses(game: Game) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """The boss blinds (key, least ante) and the showdown blinds, listed once per plugin set."""
    cache = game.plugins.cache
    found: tuple[tuple[tuple[str, int], ...], tuple[str, ...]] | None = cache.get("bosses")
    if found is None:
        blinds = list(game.plugins.all(BlindType))
        found = cache["bosses"] = (
            tuple((b.key, b.min_ante) for b in blinds if b.kind == "boss"),
            tuple(b.key for b in blinds if b.kind == "showdown"),
        )
    return found


def choose_boss(game: Game) -> str:
    """Draw the next boss as the game does: eligible for the ante, least used, then random."""
    run = game.run
    fewest = _boss_candidates(game, run.ante, run.win_ante, run.bosses_used)
    if WEIGHTS_HOOK in game.plugins.implemented:
        boss = _weighted_boss(game, fewest)
    else:
        boss = game.rng.element("boss", fewest)
    used = run.bosses_used
    used[boss] = used.get(boss, 0) + 1
    return boss


def _boss_candidates(game: Game, ante: int, win_ante: int, used: dict[str, int]) -> tuple[str, ...]:
    """:func:`_fewest_bosses`, kept per plugin set while no boss is used (as in every new
    game: the same for every seed)."""
    if used:
        return _fewest_bosses(game, ante, win_ante, used)
    key = ("boss pool", ante, win_ante)
    cache = game.plugins.cache
    found: tuple[str, ...] | None = cache.get(key)
    if found is None:
        found = cache[key] = _fewest_bosses(game, ante, win_ante, used)
    return found


def _fewest_bosses(game: Game, ante: int, win_ante: int, used: dict[str, int]) -> tuple[str, ...]:
    """The bosses a draw at ``ante`` chooses from: those eligible for the ante (a showdown
    blind at the win ante's multiples), the least used of them (``used``), by key."""
    bosses, showdowns = _bosses(game)
    eligible: list[str] = []
    at_least_1 = max(1, ante)
    if at_least_1 % win_ante != 0 or ante < 2:
        eligible += [key for key, least_ante in bosses if least_ante <= at_least_1]
    if ante % win_ante == 0 and ante >= 2:
        eligible += showdowns
    if not eligible:
        raise RuntimeError(f"no boss blind is eligible at ante {ante}")
    least = min(used.get(k, 0) for k in eligible)
    return tuple(sorted(k for k in eligible if used.get(k, 0) == least))


def _weighted_boss(game: Game, fewest: Sequence[str]) -> str:
    """The boss drawn on ``boss`` once the jokers' ``joker_modify_weights`` (pool
    ``"Blind"``) have weighed the least used eligible ones: the game's pick when they
    leave the weights equal, or all at 0."""
    weights = weigh(game, "Blind", fewest, [1.0] * len(fewest))
    if weights is None or not any(weights) or min(weights) == max(weights):
        return game.rng.element("boss", fewest)
    return fewest[pick_weighted(game.rng.random("boss"), weights)]


def pay_for_boss_reroll(ctx: EventContext) -> None:
    """The ``reroll_boss`` action's price (the rule Director's Cut and Retcon set:
    :attr:`Rules.boss_reroll_cost <balatro_ecs.game.rules.Rules.boss_reroll_cost>`)."""
    ctx.game.earn(-ctx.game.rules.boss_reroll_cost, "reroll boss")


def draw_new_boss(ctx: EventContext) -> None:
    """A new boss for this ante (:func:`reroll_boss`, paid for already)."""
    reroll_boss(ctx.game)


def reroll_boss(game: Game, cost: int = 0) -> str:
    """Draw a new boss for this ante, paying ``cost`` (Director's Cut, Retcon, Boss Tag).

    Every reroll uses up the ante's Director's Cut reroll, a free one from a Boss Tag
    too: the game marks the boss rerolled whatever asked for it.
    """
    run = game.run
    if cost:
        game.earn(-cost, "reroll boss")
    if "boss_rerolled" not in run.flags:
        run.flags.append("boss_rerolled")
    run.boss = choose_boss(game)
    return run.boss


def tag_pool(game: Game) -> tuple[str | None, ...]:
    """This ante's tag pool: every tag key in the game's order, ``None`` for a tag not
    available now (its minimum ante not reached, or not discovered in a shipped profile)."""
    ante = game.run.ante
    everything = game.run.unlocks == "all"
    cache = game.plugins.cache
    name = f"tag pool:{ante}:{everything}"  # the same for every game of this plugin set
    pool: tuple[str | None, ...] | None = cache.get(name)
    if pool is None:
        pool = cache[name] = tuple(
            tag.key if tag.min_ante <= ante and (everything or not tag.requires_discovered)
            else None
            for tag in game.plugins.all(TagType)
        )  # fmt: skip
    return pool


def next_tag(game: Game) -> str:
    """Draw the tag offered for skipping a blind this ante (the game's ``Tag<ante>``
    stream)."""
    return draw_tag(game, tag_pool(game), f"Tag{game.run.ante}")


def _vouchers(game: Game) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every voucher (key, the vouchers it requires), listed once per plugin set."""
    found: tuple[tuple[str, tuple[str, ...]], ...] | None = game.plugins.cache.get("vouchers")
    if found is None:
        found = game.plugins.cache["vouchers"] = tuple(
            (v.key, tuple(v.requires)) for v in game.plugins.all(VoucherType)
        )
    return found


def next_voucher(game: Game, stream: str | None = None) -> str | None:
    """Draw the voucher offered this ante.

    Owned vouchers, locked ones and any on sale in the shop right now are skipped; last
    ante's voucher, if it was not bought, may come again (its card is gone by then).
    """
    pool = _voucher_pool(game, game.run.peek("vouchers"), game.shop_vouchers)
    if pool is None:
        return None
    fallback = pool_fallback(game.plugins, "Voucher")
    return draw_pool(game, pool, stream or f"Voucher{game.run.ante}", fallback, "Voucher")


#: How many voucher pools a plugin set keeps (by the vouchers owned and on sale).
_VOUCHER_POOLS_KEPT = 256
_UNKNOWN = object()


def _voucher_pool(
    game: Game, owned: Sequence[str], offered: Sequence[str]
) -> tuple[str | None, ...] | None:
    """The voucher pool (``None`` for each voucher not available) when ``owned`` are the
    vouchers owned and ``offered`` those on sale; ``None`` when nothing is available.
    Kept per plugin set for the last few (owned, offered): a new game's is the same for
    every seed."""
    pools: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str | None, ...] | None] | None
    pools = game.plugins.cache.get("voucher pools")
    if pools is None:
        pools = game.plugins.cache["voucher pools"] = {}
    key = (tuple(owned), tuple(offered))
    found = pools.get(key, _UNKNOWN)  # (one lookup: another thread may empty the dict)
    if found is not _UNKNOWN:
        return found  # type: ignore[return-value]
    pool = _work_out_voucher_pool(game, owned, offered)
    if len(pools) >= _VOUCHER_POOLS_KEPT:
        pools.clear()
    pools[key] = pool
    return pool


def _work_out_voucher_pool(
    game: Game, owned: Sequence[str], offered: Sequence[str]
) -> tuple[str | None, ...] | None:
    """:func:`_voucher_pool`, worked out."""
    owned_set, offered_set = set(owned), set(offered)
    pool = tuple(
        name
        if name not in owned_set and name not in offered_set and owned_set.issuperset(requires)
        else None
        for name, requires in _vouchers(game)
    )
    return pool if any(pool) else None

"""Joker rarities as the plugin set declares them: the rarity roll and each rarity's pool.

Every rarity is content (:class:`~balatro_ecs.kernel.content.RarityType`; the game's four are the
vanilla modules ``balatro_ecs_vanilla.rarities.*``). :func:`rarity_pools` works out, once
per plugin set, what :func:`~balatro_ecs.game.run.cards_for_sale.roll_rarity` and
:func:`~balatro_ecs.game.run.cards_for_sale.joker_pool` need:

* the roll's line: the rolled rarities (``weight`` above 0), the game's first (Common,
  Uncommon, Rare: each from where the one before ends, so Uncommon from 0.7 and Rare from
  0.95), then the packs' in order above them. A roll is stretched over the whole line
  (``roll * total``): with only the game's rarities the total is 1 and the roll is the
  game's to the bit; a forced roll (0 Common, 0.9 Uncommon, 1 Rare) is a point on the
  game's scale and is not stretched, so it gives the game's rarity whatever packs add;
* each rarity's jokers, in the game's order (its pool, before what is unavailable now).

A joker whose rarity the set lacks because it is blocked is in no pool: it is never
drawn, though it can still be made by name. A joker naming a rarity that no plugin
declares is a :class:`~balatro_ecs.kernel.errors.ContentError` when the pools are first built
(``balatro-ecs plugins validate`` builds them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kernel.content import JokerType, RarityType
from ..kernel.errors import ContentError, close_matches

if TYPE_CHECKING:
    from ..kernel.manager import Plugins

__all__ = ["RarityPools", "rarity_pools"]

_CACHE_KEY = "rarity_pools"


class RarityPools:
    """What joker draws choose from, for one plugin set.

    :ivar rarities: every rarity of the set by key.
    :ivar line: the rolled rarities, each with the point above which a roll gives it,
        the highest first (the game's: Rare above 0.95, Uncommon above 0.7, Common above
        0); a roll at or below every point gives the last.
    :ivar total: the rolled rarities' weights added up (1 for the game's): a random roll
        is multiplied by it.
    :ivar jokers: each rarity's jokers by the rarity's key, in the game's order.
    :ivar gated: the rarities with a joker that needs an enhancement in the deck.
    """

    __slots__ = ("gated", "jokers", "line", "rarities", "total")

    def __init__(self, plugins: Plugins) -> None:
        declared = list(plugins.all(RarityType))
        self.rarities: dict[str, RarityType] = {item.key: item for item in declared}
        numbers = {key: number for number, key in JokerType.RARITY_KEYS.items()}
        rolled = sorted(
            (item for item in declared if item.weight > 0),
            key=lambda item: (item.key not in numbers, numbers.get(item.key, 0)),
        )  # the game's first, by number; then the packs' (already in order)
        points: list[tuple[float, RarityType]] = []
        total = 0.0
        for item in rolled:
            points.append((total, item))
            total += item.weight
        self.line: tuple[tuple[float, RarityType], ...] = tuple(reversed(points))
        self.total = total
        jokers: dict[str, list[JokerType]] = {key: [] for key in self.rarities}
        for joker in plugins.all(JokerType):
            found = jokers.get(joker.rarity_key)
            if found is not None:
                found.append(joker)
            elif joker.rarity_key not in plugins.blocked_content:
                near = close_matches(joker.rarity_key, self.rarities, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise ContentError(
                    f"joker {joker.key!r}: rarity {joker.rarity_key!r} is declared by no "
                    f"plugin{hint}"
                )
        self.jokers: dict[str, tuple[JokerType, ...]] = {k: tuple(v) for k, v in jokers.items()}
        self.gated = frozenset(
            key for key, items in jokers.items() if any(j.requires_enhancement for j in items)
        )

    def roll(self, roll: float, forced: bool) -> RarityType:
        """The rarity a roll gives (``forced``: a point on the game's scale, not
        stretched over the packs' weights).

        :raises ContentError: no rarity of the set has a weight above 0.
        """
        if not self.line:
            raise ContentError(
                "no rarity of the plugin set has a weight above 0, so no joker can be rolled"
            )
        point = roll if forced else roll * self.total
        for above, item in self.line:
            if point > above:
                return item
        return self.line[-1][1]


def rarity_pools(plugins: Plugins) -> RarityPools:
    """The rarity pools of ``plugins``, built once per plugin set."""
    found: RarityPools | None = plugins.cache.get(_CACHE_KEY)
    if found is None:
        found = plugins.cache[_CACHE_KEY] = RarityPools(plugins)
    return found

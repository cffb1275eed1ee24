"""Stickers on jokers: the engine's side. The stickers themselves are plugins.

A sticker is declared with a :class:`~balatro_ecs.kernel.content.StickerType` (the game's
Eternal, Perishable and Rental are the vanilla modules ``balatro_ecs_vanilla.stickers.*``)
and acts through its ``sticker_*`` hooks. The engine decides *when*:

* a joker made for the shop or a booster pack rolls every sticker, in the stickers' order
  (``sticker_roll``); the rolls share one :class:`StickerRoll`, whose :meth:`~StickerRoll.poll`
  draws a stream once per joker however many stickers read it (the game's Eternal and
  Perishable share one draw, ``etperpoll<ante>``);
* a sticker put on a joker takes the value its ``sticker_apply`` gives (a count for
  Perishable), or is refused (Eternal on a joker that cannot be Eternal);
* at the end of each round, after each joker's own end-of-round step, the stickers it
  carries act in order (``sticker_end_of_round``: Rental charges rent, Perishable counts
  down);
* selling or destroying a joker is refused while a sticker blocks it (``sticker_blocks``);
* a joker's price is its base price and edition, then each sticker's ``sticker_price``.

The hooks of a plugin set are read once into a :class:`StickerTable`
(:func:`sticker_table`); a joker without stickers costs one falsy test at each of these
points.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..kernel.components import NO_STICKERS, Area
from ..kernel.content import JokerType, StickerType
from ..kernel.effects import Effect
from ..kernel.errors import ContentError, HookError

if TYPE_CHECKING:
    from ..kernel.manager import Plugins
    from .game import Game
    from .jokers import Joker

__all__ = [
    "ACTIONS",
    "StickerRoll",
    "StickerTable",
    "blocking_sticker",
    "end_of_round",
    "joker_price",
    "new_stickers",
    "new_value",
    "roll_stickers",
    "sticker_keys",
    "sticker_table",
]

#: What a sticker may stop (``sticker_blocks``): selling the joker, or destroying it.
ACTIONS = ("sell", "destroy")

_CACHE_KEY = "stickers:table"


@dataclass(frozen=True)
class StickerTable:
    """The stickers of a plugin set and their hooks, in the stickers' order."""

    #: Every sticker, in order.
    stickers: tuple[StickerType, ...]
    #: Key -> place in :attr:`stickers` (a joker's mapping keeps this order).
    rank: Mapping[str, int]
    #: ``(sticker, sticker_roll)`` for the stickers that roll onto new jokers.
    roll: tuple[tuple[StickerType, Callable[..., Any]], ...]
    #: Key -> ``sticker_apply``.
    apply: Mapping[str, Callable[..., Any]]
    #: ``(sticker, sticker_end_of_round)``.
    end_of_round: tuple[tuple[StickerType, Callable[..., Any]], ...]
    #: ``(sticker, sticker_blocks)``.
    blocks: tuple[tuple[StickerType, Callable[..., Any]], ...]
    #: ``(sticker, sticker_price)``.
    price: tuple[tuple[StickerType, Callable[..., Any]], ...]

    def ordered(self, values: Mapping[str, Any]) -> Mapping[str, Any]:
        """``values`` as a joker holds them: read-only, in the stickers' order."""
        if not values:
            return NO_STICKERS
        rank = self.rank
        keys = sorted(values, key=lambda key: rank.get(key, len(rank)))
        return MappingProxyType({key: values[key] for key in keys})


def sticker_table(plugins: Plugins) -> StickerTable:
    """The stickers of ``plugins`` and their hooks (made once per plugin set)."""
    found: StickerTable | None = plugins.cache.get(_CACHE_KEY)
    if found is not None:
        return found
    stickers = tuple(plugins.all(StickerType))

    def hooked(hook: str) -> tuple[tuple[StickerType, Callable[..., Any]], ...]:
        table = plugins.table(hook)
        return tuple((s, table[s.key]) for s in stickers if s.key in table)

    found = StickerTable(
        stickers=stickers,
        rank=MappingProxyType({s.key: i for i, s in enumerate(stickers)}),
        roll=hooked("sticker_roll"),
        apply=MappingProxyType(dict(plugins.table("sticker_apply"))),
        end_of_round=hooked("sticker_end_of_round"),
        blocks=hooked("sticker_blocks"),
        price=hooked("sticker_price"),
    )
    plugins.cache[_CACHE_KEY] = found
    return found


class StickerRoll:
    """One new joker's sticker rolls, shared by every ``sticker_roll`` call for it.

    :attr:`joker` is the joker's type, :attr:`area` where it is offered
    (:attr:`in_pack`: a booster pack rather than the shop), :attr:`stickers` what the
    stickers rolled before this one gave (key -> value).
    """

    __slots__ = ("_polls", "area", "game", "in_pack", "joker", "stickers")

    def __init__(self, game: Game, joker: JokerType, area: Area) -> None:
        self.game = game
        self.joker = joker
        self.area = area
        self.in_pack = area is Area.PACK
        #: The stickers rolled so far for this joker: key -> value.
        self.stickers: dict[str, Any] = {}
        self._polls: dict[str, float] = {}

    def poll(self, shop_stream: str, pack_stream: str | None = None) -> float:
        """This joker's draw from the stream ``shop_stream`` + ante (``pack_stream`` +
        ante in a pack, when given), in ``[0, 1)``.

        Drawn once per joker and stream: a second sticker that asks for the same stream
        reads the same number (the game's Eternal and Perishable share one poll, so that
        they exclude each other).
        """
        name = pack_stream if self.in_pack and pack_stream else shop_stream
        stream = f"{name}{self.game.run.ante}"
        found = self._polls.get(stream)
        if found is None:
            found = self._polls[stream] = self.game.rng.random(stream)
        return found


def roll_stickers(game: Game, joker: JokerType, area: Area) -> dict[str, Any]:
    """The stickers a new joker offered in ``area`` (the shop or a pack) rolls: each
    sticker's ``sticker_roll``, in order. Key -> value (values not yet applied)."""
    table = sticker_table(game.plugins)
    if not table.roll:
        return {}
    roll = StickerRoll(game, joker, area)
    for sticker, fn in table.roll:
        value = fn(game, sticker, roll)
        if value is not None and value is not False:
            roll.stickers[sticker.key] = _checked(game, sticker, value, "sticker_roll")
    return roll.stickers


def _fault(game: Game, sticker: StickerType, hook: str, what: str) -> HookError:
    """The error for a sticker hook that gave back something the engine cannot use."""
    plugin = game.plugins.owners().get(sticker.key, "?")
    return HookError(
        f"plugin {plugin}: {hook} of {sticker.key} returned {what}",
        plugin=plugin,
        hook=hook,
        key=sticker.key,
    )


def _checked(game: Game, sticker: StickerType, value: Any, hook: str | None) -> Any:
    """``value`` if a sticker may hold it (``True`` or a whole number >= 0), else raise
    naming the sticker (and its plugin and hook, when a hook gave it)."""
    if value is True or (type(value) is int and value >= 0):
        return value
    if hook is None:
        raise ContentError(
            f"sticker {sticker.key!r}: a sticker's value is True or a whole number >= 0, "
            f"got {value!r}"
        )
    raise _fault(
        game, sticker, hook, f"{value!r}; a sticker's value is True or a whole number >= 0"
    )


def new_stickers(game: Game, joker: JokerType, wanted: Mapping[str, Any]) -> Mapping[str, Any]:
    """The stickers a new joker of type ``joker`` carries when ``wanted`` (key -> value)
    are put on it: each through its ``sticker_apply`` (which may change the value or
    refuse the sticker), in the stickers' order.

    :raises UnknownNameError: for a key that names no sticker of the plugin set.
    :raises ContentError: for a value that is not ``True`` or a whole number >= 0.
    """
    table = sticker_table(game.plugins)
    out: dict[str, Any] = {}
    for key, value in wanted.items():
        if value is None or value is False:
            continue
        sticker = game.plugins.find(StickerType, key)
        value = _checked(game, sticker, value, None)
        apply = table.apply.get(sticker.key)
        if apply is not None:
            value = apply(game, sticker, joker, value)
            if value is None or value is False:
                continue
            value = _checked(game, sticker, value, "sticker_apply")
        out[sticker.key] = value
    return table.ordered(out)


def new_value(game: Game, key: str, value: Any) -> Any:
    """``value`` if the sticker ``key`` may hold it (``True`` or a whole number >= 0).

    :raises ContentError: naming the sticker, for any other value.
    """
    if value is True or (type(value) is int and value >= 0):
        return value
    return _checked(game, game.plugins.find(StickerType, key), value, None)


def end_of_round(game: Game, joker: Joker) -> None:
    """The stickers on ``joker`` act at the end of the round, in order; the dollars of
    what each gives are paid (or charged) at once, in the joker's name."""
    values = joker._stickers.values
    for sticker, fn in sticker_table(game.plugins).end_of_round:
        if sticker.key not in values:
            continue
        effect = fn(game, sticker, joker)
        if effect is not None:
            if type(effect) is not Effect or (
                effect.dollars is not None and type(effect.dollars) is not int
            ):
                raise _fault(
                    game,
                    sticker,
                    "sticker_end_of_round",
                    f"{effect!r}; expected an Effect whose dollars are whole, or None",
                )
            if effect.dollars:
                game.earn(effect.dollars, joker)
        if joker not in game.jokers:  # a sticker destroyed it: the others have no joker
            return
        values = joker._stickers.values


def blocking_sticker(game: Game, joker: Joker, action: str) -> StickerType | None:
    """The first sticker on ``joker`` that stops ``action`` (``"sell"`` or
    ``"destroy"``), or ``None``."""
    values = joker._stickers.values
    if not values:
        return None
    for sticker, fn in sticker_table(game.plugins).blocks:
        if sticker.key in values and fn(game, sticker, joker, action):
            return sticker
    return None


def joker_price(game: Game, joker: Joker) -> int:
    """What ``joker`` costs to buy: the shop price of its type and edition, then each
    of its stickers' ``sticker_price`` in order."""
    price = game.price(joker.type.cost, joker.edition)
    values = joker._stickers.values
    if not values:
        return price
    for sticker, fn in sticker_table(game.plugins).price:
        if sticker.key in values:
            changed = fn(game, sticker, joker, price)
            if changed is not None:
                if type(changed) is not int or changed < 0:
                    what = f"{changed!r}; a price is a whole number >= 0"
                    raise _fault(game, sticker, "sticker_price", what)
                price = changed
    return price


def sticker_keys(items: Any) -> set[str]:
    """The keys of the stickers the jokers among ``items`` carry."""
    keys: set[str] = set()
    for item in items:
        stickers = getattr(item, "_stickers", None)
        if stickers is not None and stickers.values:
            keys.update(stickers.values)
    return keys

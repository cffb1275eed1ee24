"""Live jokers and consumables: handles on their entities, as hooks receive them.

A hook gets the :class:`Joker` whose ability is being evaluated. When Blueprint or
Brainstorm copies a joker, the hook gets a :class:`CopiedJoker` instead: it reads the
copied joker's state and says who copied it (:attr:`Joker.copied_by`), so a joker that
grows (Green Joker, Vampire, Runner, ...) knows to leave its counters alone.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..kernel import components as C
from ..kernel.content import ConsumableType, JokerType
from ..kernel.enums import EDITION_EXTRA_COST, Edition
from ..kernel.faults import CopiedCall
from .detach import PlacedValue

__all__ = [
    "EDITION_SURCHARGE",
    "Consumable",
    "CopiedJoker",
    "DetachedConsumable",
    "DetachedJoker",
    "Joker",
]

#: Extra shop cost of each edition (editions.toml ``extra_shop_cost``; a plugin's
#: :class:`~balatro_ecs.kernel.content.EditionType` adds its own).
EDITION_SURCHARGE = EDITION_EXTRA_COST


class Joker:
    """A joker in a game.

    ``state`` is the joker's own counters (``mult``, ``x_mult``, ``extra``, ...), named as
    in the game; a hook may change the counters of the joker it was called for, unless
    :attr:`copied_by` is set.
    """

    __slots__ = (
        "_debuff",
        "_edition",
        "_price",
        "_serial",
        "_stickers",
        "_table",
        "entity",
        "state",
        "type",
        "zone",
    )

    #: The copier (Blueprint, Brainstorm) when this is a copied call; ``None`` otherwise.
    copied_by: Joker | None = None

    def __init__(self, entity: int, type_: JokerType, components: dict[type, Any]) -> None:
        """``components``: the entity's table in its world (kept: a swapped value updates it)."""
        self.entity = entity
        self.type = type_
        self._table = components
        self.state: dict[str, Any] = components[C.Counters].values
        self._edition: C.Edition = components[C.Edition]
        self._debuff: C.Debuff = components[C.Debuff]
        self._stickers: C.Stickers = components[C.Stickers]
        self._price: C.Price = components[C.Price]
        self._serial: C.Serial = components[C.Serial]
        self.zone: C.Zone = components[C.Zone]

    @property
    def key(self) -> str:
        return self.type.key

    @property
    def name(self) -> str:
        return self.type.name

    @property
    def rarity(self) -> int | str:
        """Its type's rarity: the game's 1 Common ... 4 Legendary, or a rarity key."""
        return self.type.rarity

    @property
    def edition(self) -> Edition:
        return self._edition.kind

    @property
    def debuffed(self) -> bool:
        d = self._debuff
        return d.forced or d.by_blind

    @property
    def slot(self) -> int:
        """Position in the joker row, 0 = leftmost."""
        return self.zone.slot

    @property
    def serial(self) -> int:
        """Creation order in the run (the game's ``sort_id``); random picks sort by it."""
        return self._serial.value

    @property
    def stickers(self) -> Mapping[str, Any]:
        """The stickers it carries: sticker key -> value (``True``, or a count such as
        Perishable's rounds left), in the stickers' order; read-only (change them with
        :meth:`Game.add_sticker <balatro_ecs.game.Game.add_sticker>` and
        :meth:`Game.set_sticker <balatro_ecs.game.Game.set_sticker>`)."""
        return self._stickers.values

    @property
    def eternal(self) -> bool:
        """Whether it carries the game's Eternal sticker (it cannot be sold or destroyed)."""
        return C.ETERNAL in self._stickers.values

    @property
    def perishable(self) -> int | None:
        """The rounds left on its Perishable sticker (0: spent); ``None``: not Perishable."""
        rounds: int | None = self._stickers.values.get(C.PERISHABLE)
        return rounds

    @property
    def rental(self) -> bool:
        """Whether it carries the game's Rental sticker."""
        return C.RENTAL in self._stickers.values

    @property
    def sell_value(self) -> int:
        """What selling it pays: half its price (at least $1) plus value it gained."""
        if self._price.sell_override is not None:
            return self._price.sell_override
        return max(1, self._price.buy // 2) + int(self.state.get("extra_value", 0))

    @property
    def buy_cost(self) -> int:
        """What buying it costs now ($0 when a tag made it free)."""
        return 0 if self._price.free else self._price.buy

    def detached(self) -> DetachedJoker:
        """The joker as it is now, off its game: a frozen :class:`DetachedJoker` (what a
        result's jokers become when it is pickled or copied)."""
        return DetachedJoker(
            entity=self.entity,
            key=self.type.key,
            name=self.type.name,
            rarity=self.type.rarity,
            edition=self.edition,
            debuffed=self.debuffed,
            area=self.zone.area,
            slot=self.zone.slot,
            serial=self._serial.value,
            stickers=dict(self._stickers.values),
            eternal=self.eternal,
            perishable=self.perishable,
            rental=self.rental,
            sell_value=self.sell_value,
            buy_cost=self.buy_cost,
            state=_copied(self.state, self),
        )

    def set_edition(self, edition: Edition) -> None:
        self._edition = self._table[C.Edition] = C.edition(edition)

    def set_debuff(self, *, forced: bool | None = None, by_blind: bool | None = None) -> None:
        """Set why the joker is debuffed (forced, or by the blind); unset values stay."""
        old = self._debuff
        self._debuff = self._table[C.Debuff] = C.debuff(
            old.forced if forced is None else forced,
            old.by_blind if by_blind is None else by_blind,
        )

    def _take_values(self) -> None:
        """Read the components back from the entity's table (after it was restored)."""
        table = self._table
        self.state = table[C.Counters].values
        self._edition = table[C.Edition]
        self._debuff = table[C.Debuff]
        self._stickers = table[C.Stickers]
        self._price = table[C.Price]
        self._serial = table[C.Serial]
        self.zone = table[C.Zone]

    def __repr__(self) -> str:
        extra = f" {self.edition.name.lower()}" if self.edition else ""
        debuff = " (debuffed)" if self.debuffed else ""
        return f"<Joker #{self.entity} {self.type.name}{extra}{debuff}>"


class CopiedJoker(CopiedCall):
    """The view a copied call gets: the copied joker's state, plus who copied it.

    It shares the copied joker's ``state`` so effects read the live numbers; a hook must
    not grow that state when :attr:`copied_by` is set (the game's ``context.blueprint``).
    """

    __slots__ = ("copied_by", "entity", "state", "target", "type")

    def __init__(self, target: Joker, copier: Joker) -> None:
        self.target = target
        self.copied_by = copier
        self.entity = target.entity
        self.type = target.type
        self.state = target.state

    key = property(lambda self: self.type.key)
    name = property(lambda self: self.type.name)
    rarity = property(lambda self: self.type.rarity)
    edition = property(lambda self: self.target.edition)
    debuffed = property(lambda self: self.target.debuffed)
    slot = property(lambda self: self.target.slot)
    sell_value = property(lambda self: self.target.sell_value)
    stickers = property(lambda self: self.target.stickers)

    def detached(self) -> DetachedJoker:
        """The copied joker, off its game, saying who copied it (:meth:`Joker.detached`)."""
        return replace(self.target.detached(), copied_by=self.copied_by.detached())

    def __repr__(self) -> str:
        return f"<CopiedJoker {self.type.name} via {self.copied_by.type.name}>"


class Consumable:
    """A Tarot, Planet or Spectral card held in the consumable area."""

    __slots__ = ("_edition", "_price", "_serial", "_table", "entity", "state", "type", "zone")

    def __init__(self, entity: int, type_: ConsumableType, components: dict[type, Any]) -> None:
        """``components``: the entity's table in its world (kept: a swapped value updates it)."""
        self.entity = entity
        self.type = type_
        self._table = components
        self.state: dict[str, Any] = components[C.Counters].values
        self._edition: C.Edition = components[C.Edition]
        self._price: C.Price = components[C.Price]
        self._serial: C.Serial = components[C.Serial]
        self.zone: C.Zone = components[C.Zone]

    @property
    def buy_cost(self) -> int:
        """What buying it costs now ($0 when free)."""
        return 0 if self._price.free else self._price.buy

    @property
    def sell_value(self) -> int:
        """What selling it pays: half its price (at least $1) plus value it gained."""
        return max(1, self._price.buy // 2) + int(self.state.get("extra_value", 0))

    @property
    def serial(self) -> int:
        """Creation order in the run (the game's ``sort_id``); random picks sort by it."""
        return self._serial.value

    @property
    def key(self) -> str:
        return self.type.key

    @property
    def name(self) -> str:
        return self.type.name

    @property
    def edition(self) -> Edition:
        return self._edition.kind

    def set_edition(self, edition: Edition) -> None:
        self._edition = self._table[C.Edition] = C.edition(edition)

    def detached(self) -> DetachedConsumable:
        """The card as it is now, off its game: a frozen :class:`DetachedConsumable`."""
        return DetachedConsumable(
            entity=self.entity,
            key=self.type.key,
            name=self.type.name,
            edition=self.edition,
            area=self.zone.area,
            slot=self.zone.slot,
            serial=self._serial.value,
            sell_value=self.sell_value,
            buy_cost=self.buy_cost,
            state=_copied(self.state, self),
        )

    def _take_values(self) -> None:
        """Read the components back from the entity's table (after it was restored)."""
        table = self._table
        self.state = table[C.Counters].values
        self._edition = table[C.Edition]
        self._price = table[C.Price]
        self._serial = table[C.Serial]
        self.zone = table[C.Zone]

    def __repr__(self) -> str:
        return f"<Consumable #{self.entity} {self.type.name}>"


def _copied(state: dict[str, Any], owner: object) -> dict[str, Any]:
    """A deep copy of a joker's or consumable's counters; a counter that cannot be copied
    is named with its owner."""
    try:
        return copy.deepcopy(state)
    except Exception as err:
        bad = next((k for k, v in state.items() if not _copies(v)), "?")
        raise TypeError(
            f"{owner!r}: counter {bad!r} cannot be copied off the game "
            f"({type(err).__name__}: {err})"
        ) from err


def _copies(value: object) -> bool:
    try:
        copy.deepcopy(value)
    except Exception:
        return False
    return True


@dataclass(frozen=True, slots=True, repr=False)
class DetachedJoker(PlacedValue):
    """A joker as it was when read, off its game (:meth:`Joker.detached`).

    It reads as the live joker read then (its ``type`` is not kept: :attr:`key` names
    it), holds nothing of the game, pickles and copies; :attr:`state` and
    :attr:`stickers` are copies. Its ``repr`` is the live joker's.
    """

    entity: int
    key: str
    name: str
    rarity: int | str
    edition: Edition
    debuffed: bool
    #: Where it was: its area (the joker row, the shop, a pack, ...) and slot there.
    area: C.Area
    slot: int
    serial: int
    stickers: dict[str, Any]
    eternal: bool
    perishable: int | None
    rental: bool
    sell_value: int
    buy_cost: int
    #: The joker's counters, copied.
    state: dict[str, Any]
    #: The copier (Blueprint, Brainstorm) when it was read in a copied call.
    copied_by: DetachedJoker | None = None

    __hash__ = PlacedValue.hash_by_name  # (its dicts are not hashable)

    def __repr__(self) -> str:
        if self.copied_by is not None:
            return f"<CopiedJoker {self.name} via {self.copied_by.name}>"
        extra = f" {self.edition.name.lower()}" if self.edition else ""
        debuff = " (debuffed)" if self.debuffed else ""
        return f"<Joker #{self.entity} {self.name}{extra}{debuff}>"


@dataclass(frozen=True, slots=True, repr=False)
class DetachedConsumable(PlacedValue):
    """A Tarot, Planet or Spectral card as it was when read, off its game
    (:meth:`Consumable.detached`); :attr:`state` is a copy."""

    entity: int
    key: str
    name: str
    edition: Edition
    #: Where it was: its area (the consumable row, the shop, a pack) and slot there.
    area: C.Area
    slot: int
    serial: int
    sell_value: int
    buy_cost: int
    state: dict[str, Any]

    __hash__ = PlacedValue.hash_by_name  # (its dicts are not hashable)

    def __repr__(self) -> str:
        return f"<Consumable #{self.entity} {self.name}>"

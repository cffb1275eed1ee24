"""Copying a game directly, component by component (no save in between).

:func:`clone` makes an independent game that saves to the same bytes as the original:
every entity's components are copied field by field (their dicts and lists deeply), the
handles are rebuilt on the copies, and what never changes during a run is shared: the
plugin set, content types, compiled schedules. The action log is shared by a shallow copy
(its outcomes are immutable), so a clone's cost does not grow with the run's length
beyond copying a list of references.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import TYPE_CHECKING, Any

from .. import components as C
from ..blinds import Blind
from ..cards import Card
from ..jokers import Consumable, Joker

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["clone"]


def _deep(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars): counters and blind memory."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _copier(kind: type) -> Callable[[Any], Any]:
    """A function that copies one component class: its constructor called with each field,
    the fields that hold a dict or list (those with a default factory) copied deeply."""
    assert is_dataclass(kind), f"{kind.__name__} is not a component dataclass"
    args = ", ".join(
        f"_deep(c.{f.name})" if f.default_factory is not MISSING else f"c.{f.name}"
        for f in fields(kind)
    )
    namespace: dict[str, Any] = {"kind": kind, "_deep": _deep}
    exec(f"def copy(c):\n    return kind({args})", namespace)  # built once per class
    copier: Callable[[Any], Any] = namespace["copy"]
    _COPIERS[kind] = copier
    return copier


def copy_component(component: Any) -> Any:
    """A new component equal to ``component`` (its dicts and lists copied deeply)."""
    copier = _COPIERS.get(type(component))
    return (copier or _copier(type(component)))(component)


def _card(game: Game, card: Card, tally: list[int] | None) -> Card:
    comps = tuple(
        copy_component(c)
        for c in (
            card._rank, card._suit, card._enhancement, card._edition, card._seal, card._perma,
            card._debuff, card._flags, card._serial, card.zone,
        )
    )  # fmt: skip
    return Card(game.world.create(*comps), comps, game._rules, tally)


def _joker(game: Game, joker: Joker) -> Joker:
    comps: dict[type, Any] = {
        C.JokerKind: C.JokerKind(joker.key),
        C.Counters: C.Counters(_deep(joker.state)),
        C.Edition: copy_component(joker._edition),
        C.Debuff: copy_component(joker._debuff),
        C.Stickers: copy_component(joker._stickers),
        C.Price: copy_component(joker._price),
        C.Serial: copy_component(joker._serial),
        C.Zone: copy_component(joker.zone),
    }
    return Joker(game.world.create(*comps.values()), joker.type, comps)


def _consumable(game: Game, item: Consumable) -> Consumable:
    comps: dict[type, Any] = {
        C.ConsumableKind: C.ConsumableKind(item.key),
        C.Counters: C.Counters(_deep(item.state)),
        C.Edition: copy_component(item._edition),
        C.Price: copy_component(item._price),
        C.Serial: copy_component(item._serial),
        C.Zone: copy_component(item.zone),
    }
    return Consumable(game.world.create(*comps.values()), item.type, comps)


def _offer(game: Game, item: Joker | Consumable | Card) -> Joker | Consumable | Card:
    if isinstance(item, Joker):
        return _joker(game, item)
    if isinstance(item, Consumable):
        return _consumable(game, item)
    return _card(game, item, None)  # an offer is not the run's card yet: no tally


def clone(game: Game) -> Game:
    """An independent copy of ``game``, sharing its plugins (saves to the same bytes)."""
    from ..game import Game

    new = Game(
        deck=game.deck.type, seed=game.seed, plugins=game.plugins, atomic=game.atomic, start=False
    )
    new.stake = game.stake
    new.run = game.run.copy()
    new.rng.restore(game.rng.snapshot())
    new._tally[:] = game._tally
    for area, row in game._areas.items():
        new._areas[area][:] = [_card(new, card, new._tally) for card in row]
    new.jokers = [_joker(new, j) for j in game.jokers]
    new.consumables = [_consumable(new, c) for c in game.consumables]
    new.shop = [_offer(new, item) for item in game.shop]
    new.shop_vouchers = list(game.shop_vouchers)
    new.shop_packs = list(game.shop_packs)
    new.free_packs = game.free_packs
    new.pack_key = game.pack_key
    new.pack = [_offer(new, item) for item in game.pack]
    new.pack_picks = game.pack_picks
    new.pack_return = game.pack_return
    if game.blind is not None:
        state = copy_component(game.blind._state)
        entity = new.world.create(C.BlindKind(game.blind.key), state)
        new.blind = Blind(entity, game.blind.type, state)
    new._set_next_serial(game._next_serial())
    new.joker_buffer = game.joker_buffer
    new.log = list(game.log)
    new.refresh_rules()
    return new

"""Commands on jokers and consumables: making them, adding, removing, destroying, copying,
moving them; their stickers (and which the shop's jokers may get) and editions; creating
them from the game's pools.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ...kernel import components as C
from ...kernel.content import ConsumableType, JokerType, StickerType
from ...kernel.enums import Edition
from ...kernel.errors import ActionError, show
from ...kernel.faults import bad_answer, check_count
from ..copying import deep_copy
from ..jokers import Consumable, Joker
from ..pools import (
    consumable_pool,
    consumable_sets,
    draw_consumable,
    draw_pool,
    pool_fallback,
)
from ..run.cards_for_sale import make_joker
from ..state import RunState
from ..stickers import blocking_sticker, joker_price, new_stickers, new_value, sticker_table
from .blinds import BlindCommands

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["JokerCommands"]


def _merge_state(base: dict[str, Any], overrides: Mapping[str, Any]) -> None:
    for name, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(base.get(name), dict):
            _merge_state(base[name], value)
        else:
            base[name] = value


def _serial_of(joker: Joker) -> int:
    return joker.serial


#: The run's own flags of the stickers a stake lets into the shop (the game's three).
_RUN_FLAGS = frozenset(
    name for name, value in RunState().to_dict().items() if name.endswith("s_in_shop")
)


class JokerCommands(BlindCommands):
    """Jokers and consumables: made, added, removed, destroyed, copied, moved, stickered."""

    # -- jokers ---------------------------------------------------------------------------
    def new_joker(
        self,
        joker: str | JokerType,
        *,
        edition: Edition = Edition.NONE,
        state: Mapping[str, Any] | None = None,
        debuff: bool = False,
        stickers: Mapping[str, Any] | None = None,
        eternal: bool = False,
        perishable: bool = False,
        rental: bool = False,
        sell_value: int | None = None,
        area: C.Area = C.Area.JOKERS,
    ) -> Joker:
        """Create a joker entity (not placed in any row).

        A new instance runs its ``joker_created`` hook (To Do List draws its hand); passing
        ``state`` says the counters are given, and skips it.

        ``stickers`` (sticker key -> ``True`` or a value) go on through each sticker's
        ``sticker_apply``, which may refuse one the joker cannot carry (Eternal on a joker
        that is not ``eternal_compat``); ``eternal``, ``perishable`` and ``rental`` are
        short for the game's three (``perishable=True`` starts the count at the run's
        ``perishable_rounds``).

        :raises UnknownNameError: for a sticker key that names no sticker.
        """
        jtype = joker if isinstance(joker, JokerType) else self.plugins.joker(joker)
        counters = jtype.initial_state()
        counters["hands_played_at_create"] = self.run.hands_played
        if state:
            _merge_state(counters, state)
        if eternal or perishable or rental:
            stickers = dict(stickers or {})
            for key, on in ((C.ETERNAL, eternal), (C.PERISHABLE, perishable), (C.RENTAL, rental)):
                if on:
                    stickers[key] = True
        comps: dict[type, Any] = {
            C.JokerKind: C.JokerKind(jtype.key),
            C.Counters: C.Counters(counters),
            C.Edition: C.edition(edition),
            C.Debuff: C.debuff(debuff, False),
            C.Stickers: C.Stickers(
                new_stickers(cast("Game", self), jtype, stickers) if stickers else C.NO_STICKERS
            ),
            C.Price: C.Price(0, sell_value),
            C.Serial: C.serial(next(self._serial)),
            C.Zone: C.Zone(area),
        }
        handle = Joker(self.world.spawn(comps), jtype, comps)
        handle._price.buy = joker_price(cast("Game", self), handle)
        if state is None:
            created = self.plugins.impl("joker_created", jtype.key)
            if created is not None:
                created(self, handle)
        return handle

    def add_joker(
        self,
        joker: str | JokerType | Joker,
        *,
        index: int | None = None,
        **options: Any,
    ) -> Joker:
        """Put a joker in the row (at the end, or at ``index``) and run its ``joker_added``.

        Takes a :class:`Joker` made by :meth:`new_joker` (a bought shop card) or the
        arguments to make one. ``state`` overrides the starting counters.
        """
        handle = joker if isinstance(joker, Joker) else self.new_joker(joker, **options)
        with self._hand_size_change():
            handle.zone.area = C.Area.JOKERS
            self.jokers.insert(len(self.jokers) if index is None else index, handle)
            self._renumber(self.jokers)
            self._row_changed()
            if not handle.debuffed:
                added = self.plugins.impl("joker_added", handle.key)
                if added is not None:
                    added(self, handle)
        if self._planned("joker_card_added"):
            self.each_joker("joker_card_added", handle)
        return handle

    def remove_joker(self, joker: Joker) -> None:
        """Take a joker out of the run (its ``joker_removed`` runs first)."""
        with self._hand_size_change():
            removed = self.plugins.impl("joker_removed", joker.key)
            if removed is not None and not joker.debuffed:
                removed(self, joker)
            self.jokers.remove(joker)
            self._renumber(self.jokers)
            self.world.delete(joker.entity)
            self._row_changed()

    def destroy_joker(self, joker: Joker, source: object = None) -> bool:
        """Destroy a joker unless a sticker blocks it (Eternal) or a joker's
        ``joker_type_destroyed`` keeps it; returns whether it went."""
        if joker not in self.jokers or (
            joker._stickers.values
            and blocking_sticker(cast("Game", self), joker, "destroy") is not None
        ):
            return False
        if self._destruction_kept(joker, source):
            return False
        self.record(source, "destroy", None, joker)
        self.remove_joker(joker)
        return True

    def _destruction_kept(self, joker: Joker, source: object) -> bool:
        """Whether a joker's ``joker_type_destroyed`` keeps ``joker`` from being destroyed
        (Steamodded's ``no_destroy``): every joker is asked, each hearing of it."""
        plan = self._planned("joker_type_destroyed")
        if not plan:
            return False
        kept = False
        for fn, view, owner in plan:
            said = fn(self, view, joker, source)
            if said is None:
                continue
            if type(said) is not bool:
                bad_answer("joker_type_destroyed", said, "True, False or None", owner)
            kept = kept or said
        if kept:
            self.record(source, "message", "not destroyed", joker)
        return kept

    def copy_joker(self, joker: Joker, *, edition: Edition | None = None) -> Joker:
        """A new joker with ``joker``'s counters, stickers (as they are: a Perishable's
        count goes on) and edition (or ``edition``)."""
        copy = self.new_joker(
            joker.type,
            edition=joker.edition if edition is None else edition,
            state=deep_copy(joker.state),
        )
        copy._stickers.values = joker._stickers.values  # read-only: shared
        if joker._stickers.values:
            self.reprice(copy)
        copy.set_debuff(forced=joker._debuff.forced)
        return copy

    def create_joker_from_pool(
        self,
        key_append: str = "",
        *,
        rarity: float | str | None = None,
        legendary: bool = False,
    ) -> Joker:
        """Create a random joker from the game's pool and put it in the row (Riff-raff, Judgement).

        ``rarity`` replaces the rarity roll (0 gives a Common, 0.9 an Uncommon, 1 a Rare)
        or names a rarity by key or name (``"rarity_mypack_mythic"``); ``legendary`` draws
        a Legendary (The Soul).
        """
        game = cast("Game", self)
        made = self.add_joker(make_joker(game, C.Area.JOKERS, key_append, rarity, legendary))
        self.record(None, "create", made.key, made)
        return made

    def random_joker(
        self,
        key_append: str = "",
        *,
        rarity: float | str | None = None,
        legendary: bool = False,
        area: C.Area = C.Area.SHOP,
    ) -> Joker:
        """A random joker from the game's pool, made for ``area`` and placed in no row: the
        shop's (offer it with :meth:`offer`; the Rare Tag's free joker), a pack's, or the
        joker row's (put it there with :meth:`add_joker`; the Top-up Tag). It is drawn as
        :meth:`create_joker_from_pool` draws (the same ``rarity`` and ``legendary``), with
        the edition and stickers a joker for ``area`` rolls."""
        return make_joker(cast("Game", self), area, key_append, rarity, legendary)

    def move_joker(self, joker: Joker, index: int) -> None:
        """Move a joker to another slot."""
        self.jokers.remove(joker)
        self.jokers.insert(index, joker)
        self._renumber(self.jokers)
        self._row_changed()

    def rearrange_jokers(self, order: Sequence[int], *, source: object = None) -> None:
        """Put the jokers in a new order: ``order[i]`` is the present slot of the joker that
        goes to slot ``i``; then each joker's ``joker_rearranged`` hears of it (``source``:
        what rearranged them).

        :raises ActionError: ``order`` is not an order of the row's slots (nothing changes).
        """
        wanted = list(order)
        if not all(type(i) is int for i in wanted) or sorted(wanted) != list(
            range(len(self.jokers))
        ):
            raise ActionError(
                f"rearrange_jokers: {wanted} is not an order of the {len(self.jokers)} joker slots"
            )
        self._set_row([self.jokers[i] for i in wanted], source)

    def shuffle_jokers(self, stream: str, *, source: object = None) -> None:
        """Shuffle the joker row the game's way (a row's ``shuffle``: sorted by creation, then
        Fisher-Yates on the stream ``stream``; Amber Acorn, Bunco's Joker Knight); then each
        joker's ``joker_rearranged`` hears of it."""
        row = sorted(self.jokers, key=_serial_of)
        self.rng.shuffle(stream, row)
        self._set_row(row, source)

    def _set_row(self, row: list[Joker], source: object) -> None:
        if row != self.jokers:
            self.jokers[:] = row
            self._renumber(self.jokers)
            self._row_changed()
        self._jokers_rearranged(source)

    def _jokers_rearranged(self, source: object = None) -> None:
        """Tell every joker that the row was rearranged (``joker_rearranged``, in slot
        order): ``source`` is what did it, ``None`` for the player (a
        :class:`~balatro_ecs.actions.MoveJoker`)."""
        if self._planned("joker_rearranged"):
            self.each_joker("joker_rearranged", source)

    def set_joker_debuff(self, joker: Joker, debuffed: bool, *, by_blind: bool = False) -> None:
        """Force a joker's debuff on or off (``by_blind``: the blind's debuff, Crimson Heart)."""
        with self._hand_size_change():
            if by_blind:
                joker.set_debuff(by_blind=debuffed)
            else:
                joker.set_debuff(forced=debuffed)
            self._row_changed()

    @property
    def joker_limit(self) -> int:
        """Joker slots: the run's slots plus one per Negative joker."""
        return self.run.joker_slots + sum(1 for j in self.jokers if j.edition == Edition.NEGATIVE)

    def has_room_for_joker(self, pending: int = 0) -> bool:
        """Whether a joker (not Negative) fits in the row, with ``pending`` more on the way
        (and the jokers queued effects will make, :attr:`joker_buffer`)."""
        return len(self.jokers) + self.joker_buffer + pending < self.joker_limit

    # -- stickers -------------------------------------------------------------------------
    def reserve_joker_slots(self, count: int = 1) -> None:
        """Count ``count`` more joker slots as taken until the queued events have run (the
        game's ``joker_buffer``, which :meth:`run_queued` empties): the jokers a queued effect
        will make (Riff-raff), or a joker destroyed this pass that keeps its slot until the
        pass is over (Madness's victim). :meth:`has_room_for_joker` counts them.

        :raises ValueError: ``count`` is not a whole number >= 0.
        """
        self.joker_buffer += check_count("reserve_joker_slots: count", count)

    def sticker_blocks(self, joker: Joker, action: str) -> StickerType | None:
        """The sticker on ``joker`` that stops ``action`` (``"sell"`` or ``"destroy"``),
        as its ``sticker_blocks`` says (Eternal stops both); ``None`` when nothing does."""
        return blocking_sticker(cast("Game", self), joker, action)

    def add_sticker(self, joker: Joker, sticker: str, value: Any = True) -> bool:
        """Put a sticker on a joker, as a new joker gets it: its ``sticker_apply`` gives
        the value (Perishable's count for ``True``) or refuses it. Returns whether the
        joker carries it now. The joker is repriced when the sticker prices jokers.

        :raises UnknownNameError: when ``sticker`` names no sticker.
        """
        applied = new_stickers(cast("Game", self), joker.type, {sticker: value})
        if not applied:
            return False
        ((key, held),) = applied.items()
        self.set_sticker(joker, key, held)
        return True

    def set_sticker(self, joker: Joker, sticker: str, value: Any) -> None:
        """Set the value of a sticker on a joker as it is (``None``: take it off), with no
        ``sticker_apply``: what a sticker's own hooks use (Perishable counting down). The
        joker is repriced when the sticker prices jokers.

        :raises UnknownNameError: when ``sticker`` names no sticker.
        :raises ContentError: for a value that is not ``True``, a whole number >= 0 or
            ``None``.
        """
        table = sticker_table(self.plugins)
        key = sticker if sticker in table.rank else self.plugins.find(StickerType, sticker).key
        values = dict(joker._stickers.values)
        if value is None or value is False:
            values.pop(key, None)
        else:
            values[key] = new_value(cast("Game", self), key, value)
        joker._stickers.values = table.ordered(values)
        if any(s.key == key for s, _ in table.price):
            self.reprice(joker)

    # -- consumables ----------------------------------------------------------------------
    def allow_sticker_in_shop(
        self, sticker: str | StickerType, allowed: bool = True, *, source: object = None
    ) -> None:
        """Let the jokers offered in the shop and packs carry ``sticker`` (or, with
        ``allowed=False``, no longer), for the rest of the run: what a stake allows (Black
        Stake: Eternal). The game's stickers keep it in the run's ``<field>s_in_shop``
        (``eternals_in_shop``), any other in ``run.flags`` (``"<field>_in_shop"``); a
        sticker's ``sticker_roll`` asks :meth:`sticker_in_shop`.

        :raises UnknownNameError: ``sticker`` names no sticker.
        :raises TypeError: ``allowed`` is not a bool.
        """
        found = self._sticker_type(sticker)
        if type(allowed) is not bool:
            raise TypeError(
                f"allow_sticker_in_shop: allowed must be True or False, got {show(allowed)}"
            )
        field = f"{found.field}s_in_shop"
        if field in _RUN_FLAGS:
            setattr(self.run, field, allowed)
        else:
            flag = f"{found.field}_in_shop"
            flags = self.run.flags
            if allowed and flag not in flags:
                flags.append(flag)
            elif not allowed and flag in flags:
                flags.remove(flag)
        self.record(source, "sticker in shop", allowed, found.key)

    def sticker_in_shop(self, sticker: str | StickerType) -> bool:
        """Whether the jokers offered in the shop and packs may carry ``sticker`` now
        (:meth:`allow_sticker_in_shop`)."""
        found = self._sticker_type(sticker)
        field = f"{found.field}s_in_shop"
        if field in _RUN_FLAGS:
            return bool(getattr(self.run, field))
        return f"{found.field}_in_shop" in self.run.flags

    def _sticker_type(self, sticker: str | StickerType) -> StickerType:
        """The sticker ``sticker`` names; a blocked one too (what a stake allows is kept for
        the run whatever the plugin set)."""
        if isinstance(sticker, StickerType):
            return sticker
        blocked = self.plugins.blocked_content.get(sticker)
        if isinstance(blocked, StickerType):
            return blocked
        return self.plugins.find(StickerType, sticker)

    def new_consumable(
        self,
        consumable: str | ConsumableType,
        *,
        edition: Edition = Edition.NONE,
        area: C.Area = C.Area.CONSUMABLES,
    ) -> Consumable:
        """Create a consumable entity (not placed in any row)."""
        ctype = (
            consumable
            if isinstance(consumable, ConsumableType)
            else self.plugins.consumable(consumable)
        )
        free = ctype.set in self.rules.free_consumable_sets  # Astronomer: Planets
        comps: dict[type, Any] = {
            C.ConsumableKind: C.ConsumableKind(ctype.key),
            C.Counters: C.Counters(dict(ctype.config)),
            C.Edition: C.edition(edition),
            C.Price: C.Price(0 if free else self.price(ctype.cost, Edition(edition))),
            C.Serial: C.serial(next(self._serial)),
            C.Zone: C.Zone(area),
        }
        return Consumable(self.world.spawn(comps), ctype, comps)

    def add_consumable(
        self, consumable: str | ConsumableType | Consumable, *, edition: Edition = Edition.NONE
    ) -> Consumable:
        """Put a Tarot, Planet or Spectral card in the consumable area."""
        handle = (
            consumable
            if isinstance(consumable, Consumable)
            else self.new_consumable(consumable, edition=edition)
        )
        handle.zone.area = C.Area.CONSUMABLES
        self.consumables.append(handle)
        self._renumber(self.consumables)
        if self._planned("joker_card_added"):
            self.each_joker("joker_card_added", handle)
        return handle

    def remove_consumable(self, consumable: Consumable) -> None:
        self.consumables.remove(consumable)
        self._renumber(self.consumables)
        self.world.delete(consumable.entity)

    def copy_consumable(
        self, consumable: Consumable, *, edition: Edition | None = None
    ) -> Consumable:
        """Put a copy of ``consumable`` (with its edition, or ``edition``) in the area (Perkeo)."""
        made = self.add_consumable(
            consumable.type, edition=consumable.edition if edition is None else edition
        )
        self.record(None, "create", made.key, made)
        return made

    def create_consumable_from_pool(self, card_set: str, key_append: str = "") -> Consumable:
        """Create a random card of ``card_set`` from the game's pool (8 Ball, Séance, ...)."""
        made = self.add_consumable(
            self.plugins.consumable(draw_consumable(cast("Game", self), card_set, key_append))
        )
        self.record(None, "create", made.key, made)
        return made

    def random_consumable(
        self, card_set: str, key_append: str = "", *, exclude: Iterable[str] = ()
    ) -> str:
        """The key of a random ``card_set`` card, drawn from the game's pool as
        :meth:`create_consumable_from_pool` draws it (on ``<set><key_append><ante>``), with
        the keys in ``exclude`` unavailable too (the card being used, which the game's pool
        leaves out while it acts: The Emperor, The High Priestess). Nothing is made.

        :raises UnknownNameError: ``card_set`` names no consumable set.
        """
        pool, stream = consumable_pool(cast("Game", self), card_set, key_append)
        left_out = set(exclude)
        if left_out:
            pool = [None if key in left_out else key for key in pool]
        name = consumable_sets(self.plugins).name_of(card_set)
        return draw_pool(
            cast("Game", self), pool, stream, pool_fallback(self.plugins, card_set), name
        )

    @property
    def consumable_limit(self) -> int:
        """Consumable slots: the run's slots plus one per Negative consumable."""
        return self.run.consumable_slots + sum(
            1 for c in self.consumables if c.edition == Edition.NEGATIVE
        )

    def has_room_for_consumable(self, pending: int = 0) -> bool:
        """Whether a consumable fits, with ``pending`` more on the way."""
        return len(self.consumables) + pending < self.consumable_limit

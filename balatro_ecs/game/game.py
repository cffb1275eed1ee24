"""A game: one esper world, the run state resource, the ordered rows, and the plugins.

:class:`Game` owns everything about one run. The playing cards, jokers, consumables,
shop offers, the blind and the deck are entities in its :class:`~balatro_ecs.kernel.world.World`;
the order of every area (draw pile, hand, play, discard, jokers, consumables, shop) is
kept as an explicit row, because slot order decides outcomes. The joker row has a version
that changes on every add, remove, move or debuff, which is what invalidates the compiled
call plans and the rules.

Two ways to make one:

* ``Game(deck=..., stake=..., seed=...)`` starts a run: the deck is built, the first
  blinds are drawn, and the game waits for the player's first action
  (:meth:`legal_actions`, :meth:`apply`).
* :meth:`Game.empty` makes a bare game with nothing in it, which scenarios fill in.
"""

from __future__ import annotations

import contextlib
import itertools
import marshal
import operator
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from ..kernel import components as C
from ..kernel.content import BlindType, ConsumableType, DeckType, JokerType, StakeType, StickerType
from ..kernel.enums import HAND_NAMES, Edition, Enhancement, HandType
from ..kernel.errors import ActionError, BalatroError
from ..kernel.faults import check_dollars, check_whole, name_fault
from ..kernel.manager import Plugins
from ..kernel.rng import GameRandom
from ..kernel.world import World
from .actions import Action, Outcome
from .blinds import Blind, Deck
from .cards import Card, CardSpec, CardTemplate
from .dispatch import JokerPlans
from .jokers import EDITION_SURCHARGE, Consumable, Joker
from .pools import draw_consumable
from .rules import Rules
from .run.snapshot import GameSnapshot
from .scoring.pipeline import score_play
from .scoring.result import ScoreResult
from .state import Phase, RunState, hand_table
from .stickers import blocking_sticker, joker_price, new_stickers, new_value, sticker_table

__all__ = ["DEFAULT_SEED", "Game", "random_seed"]

_CARD_AREAS = (C.Area.DECK, C.Area.HAND, C.Area.PLAY, C.Area.DISCARD)
_STONE = Enhancement.STONE

#: The seed scenarios use when none is given (any fixed string keeps them reproducible).
DEFAULT_SEED = "BALATRO1"
_SEED_ALPHABET = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"  # the game's: no 0, no O


def random_seed() -> str:
    """A fresh 8-character seed in the game's alphabet (from the OS, not from a game stream)."""
    return "".join(secrets.choice(_SEED_ALPHABET) for _ in range(8))


def _merge_state(base: dict[str, Any], overrides: Mapping[str, Any]) -> None:
    for name, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(base.get(name), dict):
            _merge_state(base[name], value)
        else:
            base[name] = value


def _first(pair: tuple[int, Card]) -> int:
    return pair[0]


def _nominal_order(card: Card) -> tuple[int, ...]:
    """Sort key for a hand sorted by rank (largest first): rank, then suit (Spades high).

    Stone cards go last, by suit (Diamonds first), then rank. Otherwise equal cards go by
    the suit they were made with (a Seven of Hearts that The Sun turned from Spades comes
    before a born one), then by age (the older card first).
    """
    age = -card._serial.value
    if card._enhancement.kind == _STONE:
        return (0, card.suit, card.base_rank, card.original_suit, age)
    return (1, card.base_rank, 3 - card.suit, 3 - card.original_suit, age)


def _suit_order(card: Card) -> tuple[int, ...]:
    """Sort key for a hand sorted by suit (largest first): suit, then rank; Stone last."""
    if card._enhancement.kind == _STONE:
        return _nominal_order(card)
    return (1, 3 - card.suit, card.base_rank, 3 - card.original_suit, -card.serial)


class Game:
    """One run of Balatro.

    :param deck: The deck (back), by name or key.
    :param stake: The stake, by name, key or level (1-8); lower stakes apply too.
    :param seed: The run seed; every random draw derives from it. A fresh one is made
        when omitted (read it back from :attr:`seed`).
    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param atomic: Make every action all-or-nothing (default): the game takes a
        :meth:`snapshot` before each action and restores it in place if the action raises.
        ``False`` saves that snapshot (some tens of microseconds) where a failed game is
        thrown away.
    :param unlocks: The profile: ``"all"`` (default: everything unlocked and discovered,
        the convention of seed tools and bots) or ``"shipped"`` (the game's shipped unlock
        flags, so 40 jokers never appear and some tags are not offered).

    >>> game = Game(deck="Red Deck", stake="White Stake", seed="EXAMPLE1")
    >>> game.phase
    <Phase.BLIND_SELECT: 'blind_select'>
    >>> game.legal_actions()[:2]
    [SelectBlind(), SkipBlind()]
    """

    def __init__(
        self,
        *,
        deck: str | DeckType = "Red Deck",
        stake: str | int | StakeType = "White Stake",
        seed: str | None = None,
        plugins: Plugins | None = None,
        unlocks: str = "all",
        atomic: bool = True,
        start: bool = True,
    ) -> None:
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.seed = seed if seed is not None else random_seed()
        self.atomic = atomic
        self.world = World()
        self.run = RunState(hands=hand_table(self.plugins))
        if unlocks not in ("all", "shipped"):
            raise BalatroError(f"unlocks: 'all' or 'shipped', not {unlocks!r}")
        self.run.unlocks = unlocks
        self.rng = GameRandom(self.seed)
        self._rules = Rules()
        self._areas: dict[C.Area, list[Card]] = {area: [] for area in _CARD_AREAS}
        self.jokers: list[Joker] = []
        self.consumables: list[Consumable] = []
        #: Shop offers: cards (jokers and consumables), vouchers and packs, by slot.
        self.shop: list[Joker | Consumable | Card] = []
        self.shop_vouchers: list[str] = []
        self.shop_packs: list[str] = []
        #: The shop's packs cost nothing this visit (Coupon Tag).
        self.free_packs = False
        #: The open booster pack: its key, its cards, and picks left.
        self.pack_key: str | None = None
        self.pack: list[Joker | Consumable | Card] = []
        self.pack_picks = 0
        #: The phase to go back to when the pack closes (packs open in the shop or from tags).
        self.pack_return: Phase = Phase.SHOP
        self.blind: Blind | None = None
        deck_type = deck if isinstance(deck, DeckType) else self.plugins.deck(deck)
        self.deck = Deck(self.world.create(C.DeckKind(deck_type.key)), deck_type)
        self.stake: StakeType | None = None
        self._serial = itertools.count(1)
        #: Playing cards per enhancement, kept current as cards come, go and change.
        self._tally = [0] * len(Enhancement)
        self.row_version = 0
        self._plans: JokerPlans | None = None
        self._synced: tuple[int, int] | None = None
        #: Events recorded while the current action runs: ``(phase, source, kind, value, target)``.
        self.events: list[tuple[Any, ...]] = []
        #: Every applied action, in order, with what it did.
        self.log: list[Outcome] = []
        #: Effects waiting for the pass that queued them to end (the game's event queue).
        self._queued: list[Callable[[], Any]] = []
        #: Jokers that queued effects will make, not in the row yet (``joker_buffer``).
        self.joker_buffer = 0
        #: ``(run.hand_layout, its places by serial)``, made once per layout.
        self._layout_places: tuple[list[int], dict[int, int]] | None = None
        #: How many changes of the hand size are under way (only the outer one draws).
        self._hand_depth = 0
        #: Whether a hand size that grows now draws at once (the game waits for the
        #: player or draws; not while a played hand scores or the round ends).
        self._hand_watch = True
        if start:
            from .run.setup import start_run

            self.stake = self._stake(stake)
            try:
                start_run(self)
            except Exception as err:  # a plugin's fault while setting up: name it
                named = name_fault(self.plugins, err)
                if named is None:
                    raise
                raise named from err

    @classmethod
    def empty(
        cls,
        *,
        deck: str | DeckType = "Red Deck",
        seed: str = DEFAULT_SEED,
        plugins: Plugins | None = None,
    ) -> Game:
        """A game with no cards, no jokers and no run in progress (what scenarios fill in)."""
        return cls(deck=deck, seed=seed, plugins=plugins, start=False)

    def _stake(self, stake: str | int | StakeType) -> StakeType:
        return stake if isinstance(stake, StakeType) else self.plugins.stake(stake)

    @property
    def phase(self) -> Phase:
        return self.run.phase

    # -- playing cards ------------------------------------------------------------------
    def area(self, area: C.Area) -> list[Card]:
        """The live row of an area (the engine's own list: do not mutate it directly)."""
        return self._areas[area]

    def cards(self, area: C.Area) -> tuple[Card, ...]:
        """The cards in an area, left to right."""
        return tuple(self._areas[area])

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards in hand, left to right."""
        return tuple(self._areas[C.Area.HAND])

    @property
    def playing_cards(self) -> list[Card]:
        """Every playing card the run owns, in any area (the game's ``G.playing_cards``)."""
        out: list[Card] = []
        for area in _CARD_AREAS:
            out.extend(self._areas[area])
        return out

    def add_card(
        self, spec: CardSpec, area: C.Area = C.Area.DECK, index: int | None = None
    ) -> Card:
        """Create a playing card in ``area`` (at the end of its row, or at ``index``; in
        the draw pile, at its bottom, as the game puts every card that joins the deck)."""
        card = Card(
            spec.values(), C.serial(next(self._serial)), C.Zone(area), self._rules, self._tally
        )
        card.entity = self.world.spawn(card)
        self._tally[spec.enhancement] += 1
        row = self._areas[area]
        if index is None:
            index = 0 if area is C.Area.DECK else len(row)
        row.insert(index, card)
        self._renumber(row)
        if area is C.Area.HAND:
            self._lay_out_hand()
        self._debuff_card(card)
        self.record(None, "card added", card.label, card)
        return card

    def set_up_cards(
        self, specs: Iterable[CardSpec] | CardTemplate, area: C.Area = C.Area.DECK
    ) -> None:
        """Create cards at the end of ``area`` in one go, to set a game up (a run's starting
        deck, a scenario's piles): no per-card events, since setting up is not something
        that happens during play, and the row numbered once. Made before any blind.

        A :class:`~balatro_ecs.game.cards.CardTemplate` made once (the standard deck's) skips
        finding each card's value components again."""
        assert self.blind is None, "cards are set up before any blind"
        template = specs if isinstance(specs, CardTemplate) else CardTemplate(specs)
        row = self._areas[area]
        rules, tally, zone = self._rules, self._tally, C.Zone
        first = self._next_serial()
        cards = [
            Card(values, serial, zone(area, slot), rules, tally)
            for values, serial, slot in zip(
                template.rows, C.serials(first, len(template)), itertools.count(len(row))
            )
        ]
        for card, entity in zip(cards, self.world.spawn_many(cards), strict=True):
            card.entity = entity
        row += cards
        for kind, count in template.tally:
            tally[kind] += count
        self._set_next_serial(first + len(template.rows))

    def new_card(self, spec: CardSpec, area: C.Area) -> Card:
        """Create a playing card outside the run's rows (a shop or pack offer)."""
        card = Card(spec.values(), C.serial(next(self._serial)), C.Zone(area), self._rules)
        card.entity = self.world.spawn(card)
        return card

    def take_card(self, card: Card, area: C.Area = C.Area.DECK, index: int | None = None) -> None:
        """A card made by :meth:`new_card` joins the run in ``area`` (at the end of its row,
        or at ``index``).

        A card joining the draw pile goes to its bottom, as in the game (a card bought or
        picked from a pack: an Arcana pack opened right after deals the old top cards)."""
        card._tally = self._tally
        self._tally[card.enhancement] += 1
        card.zone.area = area
        row = self._areas[area]
        if index is None:
            index = 0 if area is C.Area.DECK else len(row)
        row.insert(index, card)
        self._renumber(row)
        if area is C.Area.HAND:
            self._lay_out_hand()
        self._debuff_card(card)
        self.record(None, "card added", card.label, card)

    def drop_offer(self, item: Card | Joker | Consumable) -> None:
        """Delete a shop or pack offer that nobody took."""
        if self.world.exists(item.entity):
            self.world.delete(item.entity)

    def move_card(self, card: Card, area: C.Area, index: int | None = None) -> None:
        """Move a card to another area (or another slot of its own).

        Only the slots after the card's old and new places change: those are renumbered
        (every row keeps each card's slot equal to its index)."""
        zone = card.zone
        old = self._areas[zone.area]
        slot = zone.slot
        if not (0 <= slot < len(old) and old[slot] is card):
            slot = old.index(card)  # out of step: found the slow way
        del old[slot]
        for i in range(slot, len(old)):
            old[i].zone.slot = i
        row = self._areas[area]
        size = len(row)
        at = size if index is None else index
        at = max(0, size + at) if at < 0 else min(at, size)  # where list.insert puts it
        row.insert(at, card)
        zone.area = area
        for i in range(at, size + 1):
            row[i].zone.slot = i

    def destroy_card(self, card: Card) -> None:
        """Remove a playing card from the run for good."""
        row = self._areas[card.zone.area]
        row.remove(card)
        self._renumber(row)
        self._tally[card.enhancement] -= 1
        card._tally = None
        self.world.delete(card.entity)
        self.record(None, "card destroyed", card.label, card)

    def destroy_cards(
        self, cards: Iterable[Card], *, shatter_seen: bool = True
    ) -> tuple[Card, ...]:
        """Destroy playing cards by an effect (The Hanged Man), then let the jokers react
        to their loss (Glass Joker, Canio); returns the cards destroyed.

        ``shatter_seen=False``: a Spectral card's destruction, whose jokers are told before
        the Glass cards break, so none of them counts as shattered (:attr:`Card.shattered`).
        """
        gone = tuple(cards)
        for card in gone:
            card.set_shatter_unseen(not shatter_seen)
            self.destroy_card(card)
        if gone:
            self.each_joker("joker_cards_destroyed", gone)
        return gone

    def card_changed(self, card: Card, source: object = None) -> None:
        """A playing card's rank, suit, enhancement or look was changed by an effect (a
        Tarot card): the blind's debuff is checked again and the change is recorded."""
        self._debuff_card(card)
        self.record(source, "card changed", card.label, card)

    def _next_serial(self) -> int:
        """The serial the next entity will get (peeked without using it up)."""
        value = next(self._serial)
        self._serial = itertools.count(value)
        return value

    def _set_next_serial(self, value: int) -> None:
        self._serial = itertools.count(value)

    @staticmethod
    def _renumber(row: list[Any]) -> None:
        for i, item in enumerate(row):
            item.zone.slot = i

    def enhancement_counts(self) -> Counter[Enhancement]:
        """How many playing cards the run owns with each enhancement."""
        return Counter({Enhancement(kind): n for kind, n in enumerate(self._tally) if n})

    def shuffle_deck(self, stream: str) -> None:
        """Shuffle the draw pile the game's way (sorted by creation, then Fisher-Yates)."""
        deck = self._areas[C.Area.DECK]
        deck.sort(key=lambda c: c.serial)
        self.rng.shuffle(stream, deck)
        self._renumber(deck)

    def sort_hand(self, by: str | None = None) -> None:
        """Sort the hand as the game does: by rank (Aces first) or by suit; by default
        the way the player last chose (:attr:`RunState.hand_sort
        <balatro_ecs.state.RunState.hand_sort>`), as every draw sorts it."""
        hand = self._areas[C.Area.HAND]
        if by is None:
            by = self.run.hand_sort
        if by == "suit":
            hand.sort(key=_suit_order, reverse=True)
        else:
            hand.sort(key=_nominal_order, reverse=True)
        self._renumber(hand)

    def rearrange(self, row: str, order: Sequence[int]) -> None:
        """Put the hand or the consumables in a new order, as a player drags them in the
        game: ``order[i]`` is the present position of the card that goes to position
        ``i`` (``[2, 0, 1]`` moves the third card to the front). Jokers move with
        :class:`~balatro_ecs.actions.MoveJoker`, whose order the rules read.

        :raises ActionError: ``row`` is not ``"hand"`` or ``"consumables"``, or ``order``
            is not a permutation of the row's positions. Nothing changes then.
        """
        items: list[Card] | list[Consumable]
        if row == "hand":
            items = self._areas[C.Area.HAND]
        elif row == "consumables":
            items = self.consumables
        else:
            raise ActionError(f"rearrange: row must be 'hand' or 'consumables', got {row!r}")
        wanted = list(order)
        if not all(type(i) is int for i in wanted) or sorted(wanted) != list(range(len(items))):
            raise ActionError(
                f"rearrange: {wanted} is not an order of the {len(items)} positions of {row}"
            )
        moved = [items[i] for i in wanted]
        items.clear()
        items.extend(moved)  # type: ignore[arg-type]  # the same items, reordered
        self._renumber(items)

    def discard(self, cards: Iterable[Card], *, hook: bool = False) -> None:
        """Discard these held cards with every discard effect (``hook``: The Hook's forced
        discard, which uses no discard and does not count as the round's first)."""
        from .run.flow import run_event

        hand = self._areas[C.Area.HAND]
        positions = tuple(sorted(hand.index(card) for card in cards))
        if positions:
            run_event(self, "discard", cards=positions, hook=hook)

    def draw(self, count: int) -> list[Card]:
        """Draw up to ``count`` cards from the top of the deck to the hand."""
        deck = self._areas[C.Area.DECK]
        drawn: list[Card] = []
        face_down = self._blind_impl("blind_face_down")
        for _ in range(min(count, len(deck))):
            card = deck[-1]
            self.move_card(card, C.Area.HAND)
            if face_down is not None and self.blind is not None:
                card.set_face_down(bool(face_down(self, self.blind, card)))
            drawn.append(card)
        if drawn:
            self.sort_hand()
            # The game lays the hand out as each card enters it, then sorts it: the last
            # card drawn lies right of the others, which lie in sorted order.
            last = drawn[-1]
            layout = [c.serial for c in self._areas[C.Area.HAND] if c is not last]
            layout.append(last.serial)
            self.run.hand_layout = layout
        return drawn

    def _lay_out_hand(self) -> None:
        """The game lays the hand out as it is now (a card has entered it)."""
        self.run.hand_layout = [c.serial for c in self._areas[C.Area.HAND]]

    def laid_out(self, cards: Iterable[Card]) -> list[Card]:
        """These hand cards left to right as the game places them: by where it last laid
        the hand out, when a card last entered it.

        A draw lays the hand out before sorting it, so the card drawn last lies right of
        all the others (which lie in sorted order) until another card enters the hand.
        The game orders the cards it plays and discards this way, and Death copies the
        rightmost of its two (recorded in K115ZNJS, LPW6I7QP, CLG2YNNR, QIDLRL5K,
        B1HBU5C8, 8V8581ED). A card the layout does not hold (set up outside play) lies
        where it is now."""
        chosen = list(cards)
        layout = self.run.hand_layout
        if len(chosen) < 2 or not layout:
            return chosen
        cached = self._layout_places
        if cached is None or cached[0] is not layout:  # the list is replaced, never changed
            cached = self._layout_places = (layout, {s: i for i, s in enumerate(layout)})
        place = cached[1]
        get = place.get
        last = -1
        for card in chosen:  # most plays are in place already: checked without a list
            at = get(card._serial.value, -1)
            if at <= last:
                break
            last = at
        else:
            return chosen
        keys = [get(card._serial.value, -1) for card in chosen]
        if -1 in keys:  # a card outside the layout: the slow way, by where it is now
            hand = self._areas[C.Area.HAND]
            now = {card.serial: (place.get(card.serial, -1), i) for i, card in enumerate(hand)}
            return sorted(chosen, key=lambda card: now.get(card.serial, (-1, -1)))
        return [card for _, card in sorted(zip(keys, chosen, strict=True), key=_first)]

    def rightmost(self, cards: Iterable[Card]) -> Card:
        """Of these hand cards, the one the game places furthest right (Death copies it):
        the last of :meth:`laid_out`."""
        chosen = self.laid_out(cards)
        if not chosen:
            raise ValueError("rightmost: no cards given")
        return chosen[-1]

    # -- jokers and consumables ----------------------------------------------------------
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
                new_stickers(self, jtype, stickers) if stickers else C.NO_STICKERS
            ),
            C.Price: C.Price(0, sell_value),
            C.Serial: C.serial(next(self._serial)),
            C.Zone: C.Zone(area),
        }
        handle = Joker(self.world.spawn(comps), jtype, comps)
        handle._price.buy = joker_price(self, handle)
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
        """Destroy a joker unless a sticker blocks it (Eternal); returns whether it went."""
        if joker not in self.jokers or (
            joker._stickers.values and blocking_sticker(self, joker, "destroy") is not None
        ):
            return False
        self.record(source, "destroy", None, joker)
        self.remove_joker(joker)
        return True

    def copy_joker(self, joker: Joker, *, edition: Edition | None = None) -> Joker:
        """A new joker with ``joker``'s counters, stickers (as they are: a Perishable's
        count goes on) and edition (or ``edition``)."""
        copy = self.new_joker(
            joker.type,
            edition=joker.edition if edition is None else edition,
            state=_copy_state(joker.state),
        )
        copy._stickers.values = joker._stickers.values  # read-only: shared
        if joker._stickers.values:
            self.reprice(copy)
        copy.set_debuff(forced=joker._debuff.forced)
        return copy

    def sticker_blocks(self, joker: Joker, action: str) -> StickerType | None:
        """The sticker on ``joker`` that stops ``action`` (``"sell"`` or ``"destroy"``),
        as its ``sticker_blocks`` says (Eternal stops both); ``None`` when nothing does."""
        return blocking_sticker(self, joker, action)

    def add_sticker(self, joker: Joker, sticker: str, value: Any = True) -> bool:
        """Put a sticker on a joker, as a new joker gets it: its ``sticker_apply`` gives
        the value (Perishable's count for ``True``) or refuses it. Returns whether the
        joker carries it now. The joker is repriced when the sticker prices jokers.

        :raises UnknownNameError: when ``sticker`` names no sticker.
        """
        applied = new_stickers(self, joker.type, {sticker: value})
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
            values[key] = new_value(self, key, value)
        joker._stickers.values = table.ordered(values)
        if any(s.key == key for s, _ in table.price):
            self.reprice(joker)

    def has_room_for_joker(self, pending: int = 0) -> bool:
        """Whether a joker (not Negative) fits in the row, with ``pending`` more on the way
        (and the jokers queued effects will make, :attr:`joker_buffer`)."""
        return len(self.jokers) + self.joker_buffer + pending < self.joker_limit

    def queue(self, event: Callable[[], Any]) -> None:
        """Run ``event`` when the current pass is over, after the events queued before it.

        This is the game's event queue: an effect that the game runs as a queued event
        (Riff-raff making its jokers once every joker has reacted to the blind, Mr. Bones
        burning up after the end-of-round pass) queues it here. An event may queue more;
        they run after everything already queued.
        """
        self._queued.append(event)

    def run_queued(self) -> None:
        """Run the queued events in order (and any they queue); the joker buffer empties."""
        while self._queued:
            self._queued.pop(0)()
        self.joker_buffer = 0

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
        from .run.cards_for_sale import make_joker

        made = self.add_joker(make_joker(self, C.Area.JOKERS, key_append, rarity, legendary))
        self.record(None, "create", made.key, made)
        return made

    def move_joker(self, joker: Joker, index: int) -> None:
        """Move a joker to another slot."""
        self.jokers.remove(joker)
        self.jokers.insert(index, joker)
        self._renumber(self.jokers)
        self._row_changed()

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
        return handle

    def remove_consumable(self, consumable: Consumable) -> None:
        self.consumables.remove(consumable)
        self._renumber(self.consumables)
        self.world.delete(consumable.entity)

    @property
    def consumable_limit(self) -> int:
        """Consumable slots: the run's slots plus one per Negative consumable."""
        return self.run.consumable_slots + sum(
            1 for c in self.consumables if c.edition == Edition.NEGATIVE
        )

    def create_consumable_from_pool(self, card_set: str, key_append: str = "") -> Consumable:
        """Create a random card of ``card_set`` from the game's pool (8 Ball, Séance, ...)."""
        made = self.add_consumable(
            self.plugins.consumable(draw_consumable(self, card_set, key_append))
        )
        self.record(None, "create", made.key, made)
        return made

    def has_room_for_consumable(self, pending: int = 0) -> bool:
        """Whether a consumable fits, with ``pending`` more on the way."""
        return len(self.consumables) + pending < self.consumable_limit

    def copy_consumable(
        self, consumable: Consumable, *, edition: Edition | None = None
    ) -> Consumable:
        """Put a copy of ``consumable`` (with its edition, or ``edition``) in the area (Perkeo)."""
        made = self.add_consumable(
            consumable.type, edition=consumable.edition if edition is None else edition
        )
        self.record(None, "create", made.key, made)
        return made

    def playing_cards_added(self, cards: Iterable[Card]) -> None:
        """Tell the jokers that playing cards joined the deck (Hologram)."""
        added = tuple(cards)
        if added:
            self.each_joker("joker_cards_added", added)

    def chance(self, key: str, odds: float) -> bool:
        """A "1 in ``odds``" roll on the game's stream ``key`` (Oops! All 6s doubles it)."""
        return self.rng.random(key) < self.run.probability * self.rules.probability_scale / odds

    def price(self, base: int, edition: Edition = Edition.NONE) -> int:
        """A shop price: base plus edition surcharge and inflation, less the discount
        (a joker's stickers may change it: :meth:`joker_price`)."""
        extra = self.run.inflation + EDITION_SURCHARGE[edition]
        return max(1, int((base + extra + 0.5) * (100 - self.run.discount_percent) // 100))

    def reprice(self, item: Joker | Consumable) -> None:
        """Recompute what a joker or consumable costs (and so sells for) now."""
        if isinstance(item, Joker):
            item._price.buy = joker_price(self, item)
        else:
            free = item.type.set in self.rules.free_consumable_sets
            item._price.buy = 0 if free else self.price(item.type.cost, item.edition)

    def set_edition(self, item: Joker | Consumable, edition: Edition) -> None:
        """Give a joker or consumable an edition; its price and sell value follow, as in
        the game (a Polychrome from The Wheel of Fortune raises the joker's sell value)."""
        item.set_edition(edition)
        self.reprice(item)
        self._row_changed()

    # -- money, levels and the event record ------------------------------------------------
    def record(self, source: object, kind: str, value: Any = None, target: object = None) -> None:
        """Record something that happened during the current action."""
        self.events.append((self.run.phase.value, source, kind, value, target))

    def earn(self, dollars: int, source: object = None) -> None:
        """Add (or, if negative, take) money, recording who paid it."""
        if type(dollars) is not int:
            check_dollars(dollars, source)  # raises: money is whole
        if dollars:
            self.run.dollars += dollars
            self.record(source, "dollars", dollars)

    def level_up(self, hand: HandType, levels: int = 1, source: object = None) -> None:
        """Change a poker hand's level (never below 0)."""
        if type(levels) is not int:
            check_whole("levels", levels, source)  # raises
        stats = self.run.hand(hand)
        stats.level = max(0, stats.level + levels)
        self.record(source, "level", levels, HAND_NAMES[hand])

    # -- the blind --------------------------------------------------------------------------
    def set_blind(self, blind: str | BlindType) -> Blind:
        """Make ``blind`` the active blind and apply its card debuffs."""
        btype = blind if isinstance(blind, BlindType) else self.plugins.blind(blind)
        self.clear_blind()
        state = C.BlindState()
        entity = self.world.create(C.BlindKind(btype.key), state)
        self.blind = Blind(entity, btype, state)
        self._refresh_debuffs()
        return self.blind

    def clear_blind(self) -> None:
        """No blind is active any more (the round is over)."""
        if self.blind is not None:
            self.world.delete(self.blind.entity)
            self.blind = None
            for joker in self.jokers:
                if joker._debuff.by_blind:
                    joker.set_debuff(by_blind=False)
                    self._row_changed()
            self._refresh_debuffs()

    def disable_blind(self) -> None:
        """Disable the active blind's ability (Chicot, Luchador); its round effects are undone."""
        blind = self.blind
        if blind is None or blind.disabled:
            return
        blind._state.disabled = True
        undo = self.plugins.impl("blind_disabled", blind.key)
        with self._hand_size_change():  # The Manacle's card comes back at once
            if undo is not None and self.run.phase == Phase.ROUND:
                undo(self, blind)
            for joker in self.jokers:
                if joker._debuff.by_blind:
                    joker.set_debuff(by_blind=False)
                    self._row_changed()
        self.record(blind, "message", "disabled")
        self._refresh_debuffs()

    def _blind_impl(self, hook: str) -> Any:
        blind = self.blind
        if blind is None or blind.disabled:
            return None
        return self.plugins.impl(hook, blind.key)

    def _debuff_card(self, card: Card) -> None:
        rule = self._blind_impl("blind_debuff_card")
        if rule is None:
            card.set_debuff(by_blind=False)
            return
        card.set_debuff(by_blind=bool(rule(self, self.blind, card)))

    def _refresh_debuffs(self) -> None:
        rule = self._blind_impl("blind_debuff_card")
        blind = self.blind
        for card in self.playing_cards:
            card.rules_changed()
            if rule is not None:
                card.set_debuff(by_blind=bool(rule(self, blind, card)))
            elif card._debuff.by_blind:  # (no blind rule: only a blind's debuff to lift)
                card.set_debuff(by_blind=False)

    # -- rules and plans -----------------------------------------------------------------
    def _row_changed(self) -> None:
        self.row_version += 1

    def refresh_rules(self) -> None:
        """Rebuild the rules now (call after changing state a ``joker_rules`` hook reads)."""
        self._synced = None
        self._sync()

    def _sync(self, *, as_saved: bool = False) -> None:
        """Rebuild the rules and call plans if the joker row or the plugin set changed.

        ``as_saved`` is for a game just loaded from a save: its cards' debuffs are as
        saved, so only what the cards read from the rules changes (a card The Pillar
        would debuff now sits undebuffed in the discard pile until the round ends).
        """
        key = (self.row_version, self.plugins.version)
        if key == self._synced:
            return
        rules = self._rules
        before = rules.detection_key(), rules.all_faces
        discards, rerolls = rules.discards_delta, rules.free_rerolls
        free_sets = rules.free_consumable_sets
        first = self._plans is None
        rules.reset()
        hook = self.plugins.table("joker_rules")
        for joker in self.jokers:
            fn = hook.get(joker.type.key)
            if fn is not None and not joker.debuffed:
                fn(joker, rules)
        voucher_rules = self.plugins.table("voucher_rules")
        for key_ in self.run.vouchers:
            fn = voucher_rules.get(key_)
            if fn is not None:
                fn(self, self.plugins.voucher(key_), rules)
        self._plans = JokerPlans(self.plugins, self.jokers)
        self._synced = key
        if not first:
            self._rules_changed(rules.discards_delta - discards, rules.free_rerolls - rerolls)
            if rules.free_consumable_sets != free_sets:
                # Astronomer gained or lost: the game re-costs every card at once, so the
                # Planets and Celestial Packs on sale follow (packs are priced when bought).
                from .run.shop import reprice_shop

                reprice_shop(self)
        if (rules.detection_key(), rules.all_faces) != before:
            if as_saved:
                for card in self.playing_cards:
                    card.rules_changed()
            else:
                self._refresh_debuffs()

    @property
    def rules(self) -> Rules:
        """The rules in force: the defaults as changed by the jokers and vouchers held now."""
        self._sync()
        return self._rules

    def _rules_changed(self, discards: int, rerolls: int) -> None:
        """A joker gained or lost changes the current round's discards at once (Drunkard:
        also at cash-out, where the count still shows) and the shop's free rerolls (Chaos
        the Clown). The next round starts from the rules anyway."""
        run = self.run
        if discards:
            run.discards_left = max(0, run.discards_left + discards)
        if rerolls:
            from .run.shop import recalculate_reroll

            run.free_rerolls_left = max(0, run.free_rerolls_left + rerolls)
            recalculate_reroll(self, skip_increment=True)

    @property
    def plans(self) -> JokerPlans:
        """The call plans for the current joker row."""
        self._sync()
        assert self._plans is not None
        return self._plans

    def each_joker(self, hook: str, *args: Any) -> list[tuple[Joker, Any]]:
        """Call a joker hook for every joker in slot order (copies resolved); return results.

        The calls follow the row as it was when the loop began: a joker created meanwhile
        waits for the next event, and one destroyed meanwhile (Madness, Ceremonial Dagger)
        no longer acts.
        """
        out = []
        version = self.row_version
        for fn, view, source in self.plans.plan(hook):
            if self.row_version != version and source not in self.jokers:
                continue
            out.append((source, fn(self, view, *args)))
        return out

    def _hand_size_now(self) -> int | None:
        """The hand size, when a change of it now is one the game draws for: during a
        round, with cards in hand, outside a played hand's scoring (else ``None``)."""
        if not self._hand_watch or self.run.phase is not Phase.ROUND:
            return None
        if not self._areas[C.Area.HAND]:
            return None
        return self.hand_size

    @contextlib.contextmanager
    def _hand_size_change(self) -> Iterator[None]:
        """Around one change of the joker row or the blind: the game's ``change_size``. A
        hand size that grows mid-round draws as many cards at once (one that shrinks takes
        none back), each change on its own -- Crimson Heart re-enabling a Juggler draws one
        even when it debuffs it again at once. Changes made inside another (a joker whose
        removal disables the blind) count with it, once."""
        before = self._hand_size_now() if not self._hand_depth else None
        self._hand_depth += 1
        try:
            yield
        finally:
            self._hand_depth -= 1
        if before is not None:
            after = self.hand_size
            if after > before and after > 1:
                self.draw(after - before)

    @property
    def hand_size(self) -> int:
        """Cards the hand holds this round: base, jokers, vouchers, the blind, tags."""
        run = self.run
        self._sync()
        return (
            run.hand_size + self._rules.hand_size_delta + run.temp_hand_size + run.blind_hand_size
        )

    # -- playing a hand ------------------------------------------------------------------
    def evaluate_play(self) -> ScoreResult:
        """Score the cards in the play area, holding the cards in hand.

        This is the game's ``evaluate_play``: it changes the game as scoring does
        (hand counts, joker counters, money). Cards destroyed by the hand are removed.
        """
        if not self._areas[C.Area.PLAY]:
            raise BalatroError("no cards in the play area to score")
        if len(self._areas[C.Area.PLAY]) > 5:
            raise BalatroError(
                f"at most 5 cards can be played, got {len(self._areas[C.Area.PLAY])}"
            )
        return score_play(self, self.plans)

    def preview_play(
        self, positions: Iterable[int], *, player: bool = False, samples: int = 16
    ) -> ScoreResult:
        """What playing these hand cards would score now, without changing the game.

        ``positions`` are checked as a :class:`~balatro_ecs.actions.Play`'s cards are: 1 to
        5 distinct ints, each a card in hand (:func:`~balatro_ecs.game.run.engine.check_preview`;
        a bad one raises :class:`~balatro_ecs.kernel.errors.ActionError` or
        :class:`~balatro_ecs.kernel.errors.IllegalActionError`). Scoring changes hand counts,
        joker counters, cards (Vampire, Midas Mask, Hiker, DNA's copy), money and the
        random streams; a preview puts all of that back afterwards.

        The plain preview scores the play on the run's own random streams and cards: it
        knows what chance will give (a Lucky card, Misprint, Bloodstone) and which cards
        lie face down. ``player=True`` gives what the player can know instead: the
        :class:`~balatro_ecs.game.unseen.PlayerPreview` of the play, its expected score
        over ``samples`` possible worlds (fresh streams, face-down cards dealt again from
        the unseen ones), exact when neither chance nor a hidden card is involved
        (:func:`~balatro_ecs.game.unseen.player_previews`).
        """
        return self.preview_plays([positions], player=player, samples=samples)[0]

    def preview_plays(
        self, plays: Iterable[Iterable[int]], *, player: bool = False, samples: int = 16
    ) -> list[ScoreResult]:
        """What each of these plays would score now: ``[preview_play(p) for p in plays]``,
        with what scoring can change saved once for all of them (a policy comparing the
        plays of one hand). Every play is checked before any is scored. ``player`` and
        ``samples`` as for :meth:`preview_play` (the same possible worlds for every play)."""
        from .run.engine import check_preview

        checked = [sorted(check_preview(self, positions)) for positions in plays]
        if player:
            from .unseen import player_previews

            return list(player_previews(self, checked, samples))
        results: list[ScoreResult] = []
        saved = _PreviewState(self)
        watch, self._hand_watch = self._hand_watch, False  # a scoring hand draws nothing
        try:
            for positions in checked:
                try:
                    self._stage_play(positions)
                    results.append(score_play(self, self.plans, preview=True))
                finally:
                    saved.restore(self)
        finally:
            self._hand_watch = watch
        return results

    def _preview_state(self) -> _PreviewState:
        """What scoring a hand can change, saved for a preview to put back."""
        return _PreviewState(self)

    def _stage_play(self, positions: list[int]) -> None:
        """Move the hand cards at ``positions`` (sorted, distinct) to the end of the play
        area, left to right as the game places them (:meth:`laid_out`): what playing them
        does card by card, in one pass."""
        hand = self._areas[C.Area.HAND]
        play = self._areas[C.Area.PLAY]
        play_area = C.Area.PLAY
        for card in self.laid_out([hand[i] for i in positions]):
            zone = card.zone
            zone.area, zone.slot = play_area, len(play)
            play.append(card)
        for i in reversed(positions):
            del hand[i]
        for i in range(positions[0], len(hand)):
            hand[i].zone.slot = i

    def _after_scoring(self, ctx: Any) -> None:
        """What the game's queued events do once a hand is scored."""
        for card in ctx.destroyed:
            if card in self._areas[card.zone.area]:
                self.destroy_card(card)
        for joker in ctx.jokers_destroyed:
            if joker in self.jokers:
                self.remove_joker(joker)
        for card_set, key_append in ctx.consumables_pending:
            self.create_consumable_from_pool(card_set, key_append)

    # -- the action API ------------------------------------------------------------------
    def legal_actions(self, *, reorders: bool = True) -> list[Action]:
        """Every action that may be applied now, in a stable order.

        ``reorders=False`` leaves out joker moves and hand sorting, which change only order.
        """
        from .run.engine import legal_actions

        return legal_actions(self, reorders=reorders)

    def action_mask(self) -> list[bool]:
        """A fixed-size mask over :data:`~balatro_ecs.actions.ACTION_SPACE` (legal = True):
        ``[a in set(self.legal_actions()) for a in ACTION_SPACE.actions]``, computed from
        the phase and the sizes of the rows (:func:`~balatro_ecs.game.run.engine.action_mask`)."""
        from .run.engine import action_mask

        return action_mask(self)

    def verify(self, action: Action) -> None:
        """Raise :class:`~balatro_ecs.kernel.errors.IllegalActionError` if ``action`` is
        illegal now.

        Changes nothing.
        """
        from .run.engine import verify

        verify(self, action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now (changes nothing).

        The three views agree: an action of :data:`~balatro_ecs.actions.ACTION_SPACE` is
        marked in :meth:`action_mask` exactly when ``can`` is true, exactly when it is in
        :meth:`legal_actions` (which also lists, in the same form, the legal actions the
        space cannot express: any joker move, cards past the tenth).
        """
        from ..kernel.errors import IllegalActionError

        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> Outcome:
        """Apply an action; an illegal one raises and leaves the game exactly as it was."""
        from .run.engine import apply

        return apply(self, action)

    def snapshot(self) -> GameSnapshot:
        """The game's state now, copied directly (no save in between): give it to
        :meth:`restore` to go back to this moment, as often as you like, or to
        :meth:`from_snapshot` to start a copy from it.

        What never changes during a run is shared, not copied (the plugins, content types,
        compiled call plans, the frozen value components); the action log is kept as a
        tuple of its (immutable) outcomes. See :mod:`balatro_ecs.game.run.snapshot`.

        >>> game = Game(seed="SNAPSHOT")
        >>> saved = game.snapshot()
        >>> from balatro_ecs.actions import SelectBlind
        >>> _ = game.apply(SelectBlind())
        >>> game.restore(saved)
        >>> game.phase
        <Phase.BLIND_SELECT: 'blind_select'>
        """
        from .run.snapshot import take

        return take(self)

    def restore(self, snapshot: GameSnapshot) -> None:
        """Put the game back exactly as it was when ``snapshot`` was taken (it saves to
        the same bytes).

        Restoring a snapshot of this game works in place: its handles (cards, jokers,
        consumables, the blind), the run record and every list stay the same objects and
        hold the saved values again; entities made since are gone and entities deleted
        since are back under their ids. A snapshot of another game makes this game a copy
        of it (new handles, that game's plugins). The snapshot stays valid.
        """
        from .run.snapshot import restore

        restore(self, snapshot)

    @classmethod
    def from_snapshot(cls, snapshot: GameSnapshot) -> Game:
        """A new, independent game in the state of ``snapshot`` (same plugins, same entity
        ids; it saves to the same bytes as the game did when the snapshot was taken)."""
        from .run.snapshot import build

        return build(snapshot)

    def clone(self) -> Game:
        """An independent copy of the game (same plugins): ``from_snapshot(snapshot())``."""
        from .run.snapshot import build, take

        return build(take(self), adopt=True)  # the snapshot is this copy's alone

    def to_json(self) -> str:
        """A lossless save: the run, every entity, every row, the random streams, the log."""
        from .run.save import dumps

        return dumps(self)

    @classmethod
    def from_json(cls, text: str, plugins: Plugins | None = None) -> Game:
        """Load a save made by :meth:`to_json` (checks that its plugins are present)."""
        from .run.save import loads

        return loads(text, plugins)

    def to_jkr(self) -> bytes:
        """The run as a save of the real game's own (the bytes of a ``save.jkr`` the game
        loads: its run table as Lua text, raw DEFLATE), see :mod:`balatro_ecs.game.run.jkr`.

        :raises SaveError: at a moment the game never saves (an open pack, a lost run).
        """
        from .run.jkr import to_jkr

        return to_jkr(self)

    @classmethod
    def from_jkr(cls, data: bytes, plugins: Plugins | None = None) -> Game:
        """Continue a run saved by the real game (the bytes of its ``save.jkr``): every
        random stream, counter, sticker, tag, the blind, the shop and the vouchers as the
        game saved them, and the steps the game takes when it continues a run (see
        :mod:`balatro_ecs.game.run.jkr`). The file is read as data, never run.

        :raises SaveError: not a save of the game's, or one the engine cannot continue,
            with a one-line message naming the problem.
        """
        from .run.jkr import from_jkr

        return from_jkr(data, plugins)

    @classmethod
    def replay(
        cls,
        actions: Iterable[Action],
        *,
        deck: str = "Red Deck",
        stake: str | int = "White Stake",
        seed: str,
        plugins: Plugins | None = None,
    ) -> Game:
        """A new run with this seed, with ``actions`` applied in order."""
        game = cls(deck=deck, stake=stake, seed=seed, plugins=plugins)
        for action in actions:
            game.apply(action)
        return game

    # -- lifecycle -----------------------------------------------------------------------
    def close(self) -> None:
        """Free the game's esper world now (also done when the game is collected)."""
        self.world.close()

    def __repr__(self) -> str:
        return (
            f"<Game {self.deck.name} ante {self.run.ante} {self.run.phase.value} "
            f"${self.run.dollars} jokers={[j.name for j in self.jokers]}>"
        )

    # -- search --------------------------------------------------------------------------
    def determinize(self, rng_seed: int | str) -> Game:
        """A clone in which what the player cannot know (the draw pile's order, future
        shops, packs and draws, an unseen voucher) is resampled from ``rng_seed``, and all
        they see is kept: for tree search that cannot read the future
        (:func:`balatro_ecs.tools.search.determinize`)."""
        from ..tools.search import determinize

        return determinize(self, rng_seed)

    def player_view(self) -> dict[str, Any]:
        """What the player sees now, JSON-ready, without hidden information
        (:func:`balatro_ecs.tools.observe.describe_state`)."""
        from ..tools.search import player_view

        return player_view(self)


def _copy_state(value: Any) -> Any:
    """A deep copy of a joker's counters (dicts, lists and plain values)."""
    if isinstance(value, dict):
        return {k: _copy_state(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_state(v) for v in value]
    return value


def _marshalled(states: list[dict[str, Any]]) -> bytes | None:
    """Jokers' counters as :mod:`marshal` bytes, or ``None`` when they hold something
    marshal cannot write. Version 2 writes no back-references, so counters equal in value
    and type always give equal bytes; loading them makes a fresh deep copy."""
    try:
        return marshal.dumps(states, 2)
    except ValueError:
        return None


#: A poker hand's numbers, as :class:`_PreviewState` keeps them.
_HAND_FIELDS = operator.attrgetter("level", "played", "played_this_round", "visible")


class _PreviewState:
    """Everything scoring a hand can change, saved so that a preview can put it back."""

    __slots__ = (
        "areas",
        "blind",
        "cards",
        "dollars",
        "events",
        "hands",
        "jokers",
        "known",
        "last_hand",
        "layout",
        "rng",
        "serial",
        "tally",
    )

    def __init__(self, game: Game) -> None:
        run = game.run
        self.hands = list(map(_HAND_FIELDS, run.hands))
        self.dollars = run.dollars
        self.events = len(game.events)
        self.last_hand = run.last_hand_played
        self.layout = run.hand_layout  # replaced, never changed in place
        self.rng = game.rng.snapshot()
        self.serial = game._next_serial()  # a card made by the preview (DNA) gives it back
        self.tally = list(game._tally)
        jokers = list(game.jokers)
        states = [j.state for j in jokers]
        data = _marshalled(states)  # all the counters in one go, as bytes
        self.jokers = (jokers, data, None if data is not None else list(map(_copy_state, states)))
        self.areas = {area: list(game._areas[area]) for area in (C.Area.HAND, C.Area.PLAY)}
        self.known = frozenset(map(id, itertools.chain(*self.areas.values())))
        self.cards = [(c, c._values) for c in game._areas[C.Area.HAND]]
        blind = game.blind
        self.blind = (
            (blind._state.triggered, _copy_state(blind._state.memory))
            if blind is not None
            else None
        )

    def restore(self, game: Game) -> None:
        """Put the game back as it was when this state was saved (as often as needed)."""
        run = game.run
        for stats, (level, played, this_round, visible) in zip(run.hands, self.hands, strict=True):
            stats.level, stats.played, stats.played_this_round, stats.visible = (
                level, played, this_round, visible,
            )  # fmt: skip
        run.dollars = self.dollars
        del game.events[self.events :]
        run.last_hand_played = self.last_hand
        run.hand_layout = self.layout
        if not game.rng.at(self.rng):  # most hands draw nothing
            game.rng.restore(self.rng)
        game._tally[:] = self.tally
        game._set_next_serial(self.serial)
        jokers, data, copies = self.jokers
        if data is not None:
            # Put the counters back only if a joker's changed (few hands change any).
            copies = None if _marshalled([j.state for j in jokers]) == data else marshal.loads(data)
        if copies is not None:
            for joker, state in zip(jokers, copies, strict=True):
                joker.state.clear()
                joker.state.update(state)
        known = self.known
        for area in (C.Area.HAND, C.Area.PLAY):
            if known.issuperset(map(id, game._areas[area])):
                continue  # no card made during the preview (the usual case)
            for card in list(game._areas[area]):
                if id(card) not in known:  # made during the preview (DNA)
                    game._areas[area].remove(card)
                    card._tally = None
                    game.world.delete(card.entity)
        for area, cards in self.areas.items():
            game._areas[area][:] = cards
            for i, card in enumerate(cards):
                card.zone.area = area
                card.zone.slot = i
        for card, values in self.cards:  # shared values: swapped back
            if card._values is not values:
                card._set_values(values)
        if self.blind is not None and game.blind is not None:
            state = game.blind._state
            triggered, memory = self.blind
            state.triggered = triggered
            state.memory = _copy_state(memory)  # a copy: the saved one serves the next restore

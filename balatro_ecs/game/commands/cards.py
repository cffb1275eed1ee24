"""Commands on playing cards: making them, moving them between areas, destroying them,
drawing, shuffling, sorting and discarding; the game's random rolls of a card's rank and
suit, enhancement, edition and seal.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``).
"""

from __future__ import annotations

import contextlib
import operator
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from ...kernel import components as C
from ...kernel.enums import Edition, Enhancement, Seal, Suit
from ...kernel.errors import ActionError, BalatroError
from ...kernel.faults import bool_votes, check_whole
from ..cards import Card, CardSpec, CardTemplate, make_cards
from ..jokers import Consumable, Joker
from ..pools import draw_enhancement
from ..quantum import extra_enhancements
from ..run import cards_for_sale
from ..run.flow import run_event
from ..state import Phase
from .run import RunCommands

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["CardCommands"]

_STONE = Enhancement.STONE
#: A card's serial (creation order), read in C.
_SERIAL = operator.attrgetter("_serial.value")


def _first(pair: tuple[int, Card]) -> int:
    return pair[0]


def _nominal_order(card: Card) -> tuple[int, ...]:
    """Sort key for a hand sorted by rank (largest first): rank, then suit (Spades high).

    Stone cards go last, by suit (Diamonds first), then rank. Otherwise equal cards go by
    the suit they were made with (a Seven of Hearts that The Sun turned from Spades comes
    before a born one), then by age (the older card first).
    """
    suit = card._suit  # (the components read directly: a draw sorts the hand)
    printed, original = suit.value, suit.original
    if original is None:
        original = printed
    if card._enhancement.kind == _STONE:
        return (0, printed, card._rank.value, original, -card._serial.value)
    return (1, card._rank.value, 3 - printed, 3 - original, -card._serial.value)


def _suit_order(card: Card) -> tuple[int, ...]:
    """Sort key for a hand sorted by suit (largest first): suit, then rank; Stone last."""
    if card._enhancement.kind == _STONE:
        return _nominal_order(card)
    return (1, 3 - card.suit, card.base_rank, 3 - card.original_suit, -card.serial)


class CardCommands(RunCommands):
    """Playing cards: made, moved, destroyed, drawn, shuffled, sorted, discarded."""

    def add_card(
        self, spec: CardSpec, area: C.Area = C.Area.DECK, index: int | None = None
    ) -> Card:
        """Create a playing card in ``area`` (at the end of its row, or at ``index``; in
        the draw pile, at its bottom, as the game puts every card that joins the deck)."""
        card = self.new_card(spec, area)
        self.take_card(card, area, index)
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
        rules, tally = self._rules, self._tally
        first = self._next_serial()
        count = len(template.rows)
        cards = make_cards(
            template.rows,
            C.serials(first, count),
            [area] * count,
            range(len(row), len(row) + count),
            rules,
            [tally] * count,
            self.world.next_ids(count),  # the ids spawn_many gives them
        )
        self.world.spawn_many(cards)
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

    def _move_cards(self, cards: Sequence[Card], area: C.Area) -> None:
        """Move these distinct cards, each in the row its zone names, in order, to the end
        of ``area``: what :meth:`move_card` does to each in turn, with each row they leave
        renumbered once (the cards of a play)."""
        areas = self._areas
        taken: dict[C.Area, set[int]] = {}
        for card in cards:
            zone = card.zone
            taken.setdefault(zone.area, set()).add(id(card))
            zone.area = area
        for where, gone in taken.items():
            kept = areas[where]
            kept[:] = [card for card in kept if id(card) not in gone]
            for i in range(len(kept)):
                kept[i].zone.slot = i
        row = areas[area]
        start = len(row)
        row += cards
        for i in range(start, len(row)):
            row[i].zone.slot = i

    def _move_all(self, source: C.Area, target: C.Area) -> None:
        """Move every card of ``source``, in order, to the end of ``target`` (what moving
        them one by one does, in one pass)."""
        moved = self._areas[source]
        row = self._areas[target]
        start = len(row)
        for slot, card in enumerate(moved, start):
            zone = card.zone
            zone.area, zone.slot = target, slot
        row += moved
        moved.clear()

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

    def card_changed(
        self, card: Card, source: object = None, before: CardSpec | None = None
    ) -> None:
        """A playing card's rank, suit, enhancement or look was changed by an effect (a
        Tarot card): the blind's debuff is checked again, the change is recorded, and the
        jokers hear of it (``joker_card_changed``).

        ``before`` is the card as it was (its :meth:`~balatro_ecs.game.cards.Card.spec`
        taken before the change), which the jokers are told; every change the game's own
        content makes gives it."""
        self._debuff_card(card)
        self.record(source, "card changed", card.label, card)
        if self._planned("joker_card_changed"):
            self.each_joker("joker_card_changed", card, before, card.spec(), source)

    def enhancements_of(self, card: Card) -> tuple[Enhancement, ...]:
        """The enhancements ``card`` counts as having: its own (none for a plain card),
        then those the jokers' ``joker_check_enhancement`` give it (Steamodded's
        quantum enhancements, ``SMODS.get_enhancements``)."""
        own = card.enhancement
        found: tuple[Enhancement, ...] = (own,) if own else ()
        plan = self._planned("joker_check_enhancement")
        if plan:
            found += tuple(Enhancement(k) for k in extra_enhancements(self, plan, card))
        return found

    def playing_cards_added(self, cards: Iterable[Card]) -> None:
        """Tell the jokers that playing cards joined the deck (Hologram)."""
        added = tuple(cards)
        if added:
            self.each_joker("joker_cards_added", added)

    def enhancement_counts(self) -> Counter[Enhancement]:
        """How many playing cards the run owns with each enhancement."""
        return Counter({Enhancement(kind): n for kind, n in enumerate(self._tally) if n})

    def shuffle_deck(self, stream: str) -> None:
        """Shuffle the draw pile the game's way (sorted by creation, then Fisher-Yates)."""
        deck = self._areas[C.Area.DECK]
        deck.sort(key=_SERIAL)
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

        A dragged hand is laid out again in its new order (:meth:`laid_out`): the cards
        played or discarded next go in it. The player's
        :class:`~balatro_ecs.actions.Rearrange` runs this (and is logged); a plugin
        calling it logs nothing.

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
        if row == "hand":
            self._lay_out_hand()

    def discard(self, cards: Iterable[Card], *, hook: bool = False) -> None:
        """Discard these held cards with every discard effect (``hook``: The Hook's forced
        discard, which uses no discard and does not count as the round's first)."""
        hand = self._areas[C.Area.HAND]
        positions = tuple(sorted(hand.index(card) for card in cards))
        if positions:
            run_event(cast("Game", self), "discard", cards=positions, hook=hook)

    def draw(self, count: int) -> list[Card]:
        """Draw up to ``count`` cards from the top of the deck to the hand; the jokers hear
        of the cards drawn (``joker_hand_drawn``)."""
        deck = self._areas[C.Area.DECK]
        hand = self._areas[C.Area.HAND]
        drawn: list[Card] = []
        face_down = self._blind_impl("blind_face_down")
        hand_area = C.Area.HAND
        flips = self._planned("joker_stay_flipped")
        for _ in range(min(count, len(deck))):
            card = deck.pop()  # the top card: what move_card(card, HAND) does to it
            zone = card.zone
            zone.area, zone.slot = hand_area, len(hand)
            hand.append(card)
            if face_down is not None and self.blind is not None:
                card.set_face_down(bool(face_down(self, self.blind, card)))
            if flips:
                self._jokers_flip(flips, card)
            drawn.append(card)
        if drawn:
            self.sort_hand()
            # The game lays the hand out as each card enters it, then sorts it: the last
            # card drawn lies right of the others, which lie in sorted order.
            last = drawn[-1]
            hand = self._areas[C.Area.HAND]
            layout = list(map(_SERIAL, hand))
            slot = last.zone.slot  # (sorted: each card's slot is its index)
            if 0 <= slot < len(hand) and hand[slot] is last:
                del layout[slot]
            else:  # (a hook took it out of the hand)
                layout = [c.serial for c in hand if c is not last]
            layout.append(last._serial.value)
            self.run.hand_layout = layout
            if self._planned("joker_hand_drawn"):
                self.each_joker("joker_hand_drawn", tuple(drawn))
        return drawn

    def _jokers_flip(self, flips: tuple[Any, ...], card: Card) -> None:
        """The jokers' ``joker_stay_flipped`` for a card just drawn, after the blind's say:
        a ``False`` keeps it face up (Steamodded's ``prevent_stay_flipped``), else a
        ``True`` turns it face down."""
        down, up = bool_votes("joker_stay_flipped", flips, self, card)
        if up:
            card.set_face_down(False)
        elif down:
            card.set_face_down(True)

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

    def change_hand_size(self, cards: int, *, until: str = "run", source: object = None) -> None:
        """Change the hand size by ``cards``: for the rest of the run (``until="run"``:
        Paint Brush, Ectoplasm), for the next round only (``"round"``: Juggle Tag) or while
        the current blind is played (``"blind"``: The Manacle). A hand size that grows
        mid-round draws the new cards at once, as the game does.

        A joker's lasting change is a rule instead (``joker_rules``: ``hand_size_delta``),
        so that it goes with the joker.
        """
        if type(cards) is not int:
            check_whole("hand size", cards, source)
        run = self.run
        with self._hand_size_change():
            if until == "run":
                run.hand_size += cards
            elif until == "round":
                run.temp_hand_size += cards
            elif until == "blind":
                run.blind_hand_size += cards
            else:
                raise BalatroError(
                    f"change_hand_size: until must be 'run', 'round' or 'blind', not {until!r}"
                )
        if cards:
            self.record(source, "hand size", cards, until)

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

    # -- the game's rolls of a card's parts -----------------------------------------------------
    def random_front(self, stream: str) -> tuple[int, Suit]:
        """A random rank and suit on ``stream``, drawn over the 52 cards as the game lists
        them (Certificate, Marble Joker, the Erratic Deck)."""
        return cards_for_sale.random_front(cast("Game", self), stream)

    def random_seal(self, stream: str) -> Seal:
        """A random seal on ``stream``: Red, Blue, Gold, Purple one in four each (the game's
        roll), then the packs' seals, each by its ``weight``."""
        return cards_for_sale.random_seal(cast("Game", self), stream)

    def random_enhancement(self, stream: str, *, created: bool = False) -> Enhancement:
        """A random enhancement on ``stream``, from the Enhanced pool, or (``created``) the one
        Spectral cards draw from (Familiar, Grim, Incantation: no Stone)."""
        return draw_enhancement(cast("Game", self), stream, created)

    def random_edition(
        self,
        stream: str,
        *,
        mod: float = 1.0,
        no_negative: bool = False,
        guaranteed: bool = False,
    ) -> Edition:
        """The game's edition roll on ``stream`` (``Edition.NONE`` for none): Negative, then
        Polychrome, Holographic, Foil, then the packs' editions; ``mod`` scales the odds
        (the Standard pack's 2), as the run's edition rate does; ``no_negative`` leaves the
        Negative out; ``guaranteed``: the roll of an effect that always gives one (Aura, The
        Wheel of Fortune once it hits)."""
        return cards_for_sale.poll_edition(cast("Game", self), stream, mod, no_negative, guaranteed)

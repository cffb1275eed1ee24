"""Commands on the run as a whole: money (and what cash-out pays), hand levels, hands and
discards, the hand size, slots, chances, prices, what has been used, the event record, the
queue of effects, the jokers' hooks, scoring the hand in play.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ...kernel import components as C
from ...kernel.content import ConsumableType
from ...kernel.effects import Effect
from ...kernel.enums import HAND_NAMES, Edition, HandType
from ...kernel.errors import BalatroError, UnknownNameError, show
from ...kernel.faults import calling_hook, check_dollars, check_effect, check_whole
from ...kernel.quantities import MAX_INT
from .. import chances
from ..jokers import EDITION_SURCHARGE, Consumable, Joker
from ..pools import planet_for
from ..scoring.pipeline import score_play
from ..scoring.result import ScoreResult
from ..state import ROWS_WRITTEN
from ..stickers import joker_price
from ..sync import RulesSync

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["USAGE_COUNTERS", "RunCommands"]

#: The run's counts of consumables used that :meth:`RunCommands.count_use` adds to: a
#: number (``tarots_used``: Fortune Teller) or the distinct keys used (``planets_used``:
#: Satellite).
USAGE_COUNTERS = ("tarots_used", "spectrals_used", "planets_used")


class RunCommands(RulesSync):
    """Money, levels, chances, prices, the record, the queue, the jokers' hooks."""

    # -- money, levels and the event record ------------------------------------------------
    def record(self, source: object, kind: str, value: Any = None, target: object = None) -> None:
        """Record something that happened during the current action."""
        self.events.append((self.run.phase.value, source, kind, value, target))

    def earn(self, dollars: int, source: object = None) -> None:
        """Add (or, if negative, take) money, recording who paid it: ``source``, or when
        none is given, the content whose hook is paying (found on the call stack), so
        every change of money has a name.

        The jokers' ``joker_money`` hooks see the change first, in slot order, and may
        change the amount (Bunco's Fiendish Joker doubles every gain); ``source`` says
        where the money comes from (a joker, a card, ``"cash out"``, a card sold, ...).
        """
        if type(dollars) is not int or not -MAX_INT <= dollars <= MAX_INT:
            check_dollars(dollars, source)  # raises: money is whole, within 10**15
        if dollars:
            if source is None:
                source = self._paying_content()
            if not self._in_money_chain:
                chain = self._planned("joker_money")
                if chain:
                    dollars = self._money_chain(chain, dollars, source)
        if dollars:
            self.run.dollars += dollars
            self.record(source, "dollars", dollars)

    def _money_chain(self, chain: tuple[Any, ...], dollars: int, source: object) -> int:
        """``dollars`` as the jokers' ``joker_money`` hooks leave it, each in slot order
        given the amount the one before it left (money they earn meanwhile is not passed
        through the chain again)."""
        self._in_money_chain = True
        try:
            for fn, view, joker in chain:
                changed = fn(self, view, dollars, source)
                if changed is not None:
                    if type(changed) is not int or not -MAX_INT <= changed <= MAX_INT:
                        check_dollars(changed, joker)  # raises, naming the joker
                    if changed != dollars:
                        self.record(joker, "money changed", changed - dollars, source)
                    dollars = changed
        finally:
            self._in_money_chain = False
        return dollars

    def _paying_content(self) -> str | None:
        """The name of the content whose hook called :meth:`earn` (``None``: none did)."""
        origin = calling_hook(self.plugins, sys._getframe(2))
        if origin is None or origin[2] is None:
            return None
        try:
            return self.plugins.content(origin[2]).name
        except BalatroError:
            return origin[2]

    def level_up(self, hand: HandType, levels: int = 1, source: object = None) -> None:
        """Change a poker hand's level (never below 0); then each joker's
        ``joker_hand_levelled`` hook hears of it, in slot order."""
        if type(levels) is not int:
            check_whole("levels", levels, source)  # raises
        stats = self.run.hand(hand)
        ROWS_WRITTEN[0] += 1
        stats.level = max(0, stats.level + levels)
        self.record(source, "level", levels, HAND_NAMES[hand])
        self._hand_levelled(hand, levels, source)

    def change_ante(self, change: int, *, source: object = None) -> int:
        """Move the ante by ``change`` (Hieroglyph and Petroglyph: ``-1``), as the game's
        ``ease_ante``: the jokers' ``joker_ante_change`` hooks see the change first, in slot
        order, and may change it (``ante_end`` is ``False`` for them: no boss was beaten).
        Returns the change made.

        :raises TypeError: ``change`` is not a whole number.
        """
        if type(change) is not int:
            check_whole("ante change", change, source)
        return self._ease_ante(change, False, source)

    def _ease_ante(self, change: int, ante_end: bool, source: object) -> int:
        """Change the ante after the ``joker_ante_change`` chain (recorded when a joker's
        hook took part); ``ante_end``: a boss was beaten."""
        chain = self._planned("joker_ante_change")
        if chain:
            for fn, view, joker in chain:
                changed = fn(self, view, change, ante_end)
                if changed is not None:
                    change = check_whole("ante change", changed, joker)
            if change:
                self.record(source, "ante", change)
        self.run.ante += change
        return change

    def planet_for(self, hand: HandType) -> str | None:
        """The key of the Planet card that levels ``hand`` (Blue Seal, the Celestial pack's
        sure card); ``None`` when no plugin gives one."""
        return planet_for(cast("Game", self), hand)

    # -- what cash-out pays ----------------------------------------------------------------
    def set_interest(
        self,
        *,
        cap: int | None = None,
        per_5: int | None = None,
        enabled: bool | None = None,
        source: object = None,
    ) -> None:
        """Change the interest paid at cash-out for the rest of the run: ``cap``, the money
        interest counts up to (``run.interest_cap``: $25 at the start, Seed Money $50, Money
        Tree $100); ``per_5``, what each $5 of it pays (``run.interest_per_5``); ``enabled``
        ``False``: none is paid (Green Deck). Arguments left ``None`` stay as they are.

        :raises TypeError: ``cap`` or ``per_5`` is not a whole number, ``enabled`` not a bool.
        :raises ValueError: ``cap`` or ``per_5`` is below 0.
        """
        for name, value in (("cap", cap), ("per_5", per_5)):
            if value is not None and check_whole(f"set_interest: {name}", value, source) < 0:
                raise ValueError(f"set_interest: {name} must be >= 0, got {value}")
        if enabled is not None and type(enabled) is not bool:
            raise TypeError(f"set_interest: enabled must be True or False, got {show(enabled)}")
        run = self.run
        if cap is not None and cap != run.interest_cap:
            run.interest_cap = cap
            self.record(source, "interest cap", cap)
        if per_5 is not None and per_5 != run.interest_per_5:
            run.interest_per_5 = per_5
            self.record(source, "interest per 5", per_5)
        if enabled is not None and enabled == run.no_interest:
            run.no_interest = not enabled
            self.record(source, "interest", enabled)

    def set_money_per(
        self, *, hand: int | None = None, discard: int | None = None, source: object = None
    ) -> None:
        """Change what cash-out pays for each hand (``run.money_per_hand``, $1 at the start)
        and each discard (``run.money_per_discard``, $0) left unused, for the rest of the
        run (Green Deck: $2 and $1). Arguments left ``None`` stay as they are.

        :raises TypeError: ``hand`` or ``discard`` is not a whole number.
        """
        for name, value in (("hand", hand), ("discard", discard)):
            if value is not None:
                check_dollars(check_whole(f"set_money_per: {name}", value, source), source)
        run = self.run
        if hand is not None and hand != run.money_per_hand:
            run.money_per_hand = hand
            self.record(source, "money per hand", hand)
        if discard is not None and discard != run.money_per_discard:
            run.money_per_discard = discard
            self.record(source, "money per discard", discard)

    # -- what has been used -----------------------------------------------------------------
    def count_use(self, counter: str, key: str | None = None) -> None:
        """Count a consumable used in one of the run's :data:`USAGE_COUNTERS` (what a
        consumable set's ``consumable_set_used`` hook does): ``tarots_used`` and
        ``spectrals_used`` go up by one; ``planets_used`` adds ``key`` unless it holds it.

        :raises UnknownNameError: ``counter`` is not one of them.
        :raises ValueError: ``planets_used`` without the key of a consumable.
        """
        if counter not in USAGE_COUNTERS:
            raise UnknownNameError("usage counter", counter, USAGE_COUNTERS)
        run = self.run
        if counter == "planets_used":
            if key is None:
                raise ValueError("count_use: planets_used counts keys; give the consumable's key")
            key = self.plugins.find(ConsumableType, key).key
            if key not in run.planets_used:
                run.planets_used.append(key)
        elif counter == "tarots_used":
            run.tarots_used += 1
        else:
            run.spectrals_used += 1

    def set_last_tarot_planet(self, key: str) -> None:
        """Remember ``key`` as the last Tarot or Planet card used (``run.last_tarot_planet``:
        what The Fool makes).

        :raises UnknownNameError: ``key`` names no consumable.
        """
        self.run.last_tarot_planet = self.plugins.find(ConsumableType, key).key

    def set_pool_flag(self, flag: str, on: bool = True) -> None:
        """Raise (or, ``on=False``, lower) a flag of the run's pools (``run.flags``: Gros
        Michel going extinct lets Cavendish appear); kept with the run and its saves.

        :raises ValueError: ``flag`` is not a non-empty string.
        """
        if not isinstance(flag, str) or not flag:
            raise ValueError(f"set_pool_flag: flag must be a non-empty string, got {show(flag)}")
        flags = self.run.flags
        if on and flag not in flags:
            flags.append(flag)
        elif not on and flag in flags:
            flags.remove(flag)

    def _hand_levelled(self, hand: HandType, levels: int, source: object) -> None:
        """Tell the jokers that ``hand`` changed level (a planet, a joker, a tag, a hand
        levelled as it scores)."""
        if self._planned("joker_hand_levelled"):
            self.each_joker("joker_hand_levelled", hand, levels, source)

    # -- hands, discards, hand size and slots -------------------------------------------------
    def add_hands(self, hands: int, *, every_round: bool = False, source: object = None) -> None:
        """Add (or, if negative, take away) hands left this round (never below 0); with
        ``every_round``, every round from now on starts with that many more too (Grabber)."""
        if type(hands) is not int:
            check_whole("hands", hands, source)
        run = self.run
        run.hands_left = max(0, run.hands_left + hands)
        if every_round:
            run.round_hands += hands
        if hands:
            self.record(source, "hands", hands)

    def add_discards(
        self, discards: int, *, every_round: bool = False, source: object = None
    ) -> None:
        """Add (or, if negative, take away) discards left this round (never below 0); with
        ``every_round``, every round from now on starts with that many more too
        (Wasteful)."""
        if type(discards) is not int:
            check_whole("discards", discards, source)
        run = self.run
        run.discards_left = max(0, run.discards_left + discards)
        if every_round:
            run.round_discards += discards
        if discards:
            self.record(source, "discards", discards)

    def add_joker_slots(self, slots: int, source: object = None) -> None:
        """More (or fewer) joker slots for the rest of the run (Antimatter, Black Deck)."""
        if type(slots) is not int:
            check_whole("joker slots", slots, source)
        self.run.joker_slots += slots
        if slots:
            self.record(source, "joker slots", slots)

    def add_consumable_slots(self, slots: int, source: object = None) -> None:
        """More (or fewer) consumable slots for the rest of the run (Crystal Ball)."""
        if type(slots) is not int:
            check_whole("consumable slots", slots, source)
        self.run.consumable_slots += slots
        if slots:
            self.record(source, "consumable slots", slots)

    def apply_effect(self, effect: Effect | None, source: object = None) -> None:
        """Apply what an :class:`~balatro_ecs.kernel.effects.Effect` asks for outside a
        scored hand: its dollars (through the money chain), hands and discards, and its
        message (recorded). Chips and mult only count while a hand scores.

        :raises HookError: (through the engine's fault naming) when ``effect`` is not an
            Effect: a hook returned something else.
        """
        if effect is None:
            return
        if type(effect) is not Effect:
            check_effect(effect, source)  # raises: return an Effect
        dollars, message, hands, discards = effect[3], effect[5], effect[7], effect[8]
        if dollars:
            self.earn(dollars, source)
        if hands:
            self.add_hands(hands, source=source)
        if discards:
            self.add_discards(discards, source=source)
        if message is not None:
            self.record(source, "message", message)

    # -- chances and prices -------------------------------------------------------------
    def chance(self, key: str, odds: float, source: object = None) -> bool:
        """A "1 in ``odds``" roll on the game's stream ``key`` (Oops! All 6s doubles it), for
        ``source`` (the card or joker that rolls): the jokers' ``joker_mod_probability``
        and ``joker_fix_probability`` may change the odds, ``joker_pseudorandom_result``
        hears the result."""
        probability = self.run.probability * self.rules.probability_scale
        mod = self._planned("joker_mod_probability")
        fix = self._planned("joker_fix_probability")
        told = self._planned("joker_pseudorandom_result")
        if not (mod or fix or told):
            return self.rng.random(key) < probability / odds
        numerator, denominator = chances.odds(self, mod, fix, odds, probability, key, source)
        result = self.rng.random(key) < numerator / denominator
        if told:
            chances.tell_result(self, told, result, numerator, denominator, key, source)
        return result

    def price(self, base: int, edition: Edition = Edition.NONE) -> int:
        """A shop price: base plus edition surcharge and inflation, less the discount
        (a joker's stickers may change it: :meth:`joker_price`)."""
        extra = self.run.inflation + EDITION_SURCHARGE[edition]
        return max(1, int((base + extra + 0.5) * (100 - self.run.discount_percent) // 100))

    def reprice(self, item: Joker | Consumable) -> None:
        """Recompute what a joker or consumable costs (and so sells for) now."""
        if isinstance(item, Joker):
            item._price.buy = joker_price(cast("Game", self), item)
        else:
            free = item.type.set in self.rules.free_consumable_sets
            item._price.buy = 0 if free else self.price(item.type.cost, item.edition)

    def set_edition(self, item: Joker | Consumable, edition: Edition) -> None:
        """Give a joker or consumable an edition; its price and sell value follow, as in
        the game (a Polychrome from The Wheel of Fortune raises the joker's sell value)."""
        item.set_edition(edition)
        self.reprice(item)
        self._row_changed()

    # -- the queue of effects -------------------------------------------------------------
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

    # -- the jokers' hooks, the hand size, scoring ------------------------------------------
    def each_joker(self, hook: str, *args: Any) -> list[tuple[Joker, Any]]:
        """Call a joker hook for every joker in slot order (copies resolved); return results.

        The calls follow the row as it was when the loop began: a joker created meanwhile
        waits for the next event, and one destroyed meanwhile (Madness, Ceremonial Dagger)
        no longer acts.
        """
        out: list[tuple[Joker, Any]] = []
        plans = self.plans
        plan = plans.plan(hook)
        if not plan:  # (no joker has the hook)
            if plans.ruled:
                self._rules_dirty = True
            return out
        version = self.row_version
        for fn, view, source in plan:
            if self.row_version != version and source not in self.jokers:
                continue
            out.append((source, fn(self, view, *args)))
        if plans.ruled:  # a hook may have changed counters a rule reads
            self._rules_dirty = True
        return out

    @property
    def hand_size(self) -> int:
        """Cards the hand holds this round: base, jokers, vouchers, the blind, tags."""
        run = self.run
        self._sync()
        return (
            run.hand_size + self._rules.hand_size_delta + run.temp_hand_size + run.blind_hand_size
        )

    def evaluate_play(self) -> ScoreResult:
        """Score the cards in the play area, holding the cards in hand.

        This is the game's ``evaluate_play``: it changes the game as scoring does
        (hand counts, joker counters, money). Cards destroyed by the hand are removed.
        """
        if not self._areas[C.Area.PLAY]:
            raise BalatroError("no cards in the play area to score")
        limit = self.rules.selection_limit
        if len(self._areas[C.Area.PLAY]) > limit:
            raise BalatroError(
                f"at most {limit} cards can be played, got {len(self._areas[C.Area.PLAY])}"
            )
        return score_play(cast("Game", self), self.plans)

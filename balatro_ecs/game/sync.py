"""Keeping a game's derived state in step: the rules, the call plans, the blind's debuffs.

The rules in force (:class:`~balatro_ecs.game.rules.Rules`) and the compiled call plans
(:class:`~balatro_ecs.game.dispatch.JokerPlans`) follow from the joker row, the vouchers
and the plugin set; they are rebuilt when the row's version or the plugin set's changes
(:meth:`RulesSync._sync`, run lazily by :attr:`~RulesSync.rules` and :attr:`~RulesSync.plans`).
The blind's card debuffs follow from the blind and the rules
(:meth:`RulesSync._refresh_debuffs`). These are the game's internals: plugins read
``game.rules`` and ``game.plans``; the rest is the engine's. The rules follow the
counters of the jokers that declare them too: they are looked at again after each of
those jokers' hooks and at the end of every event (:meth:`RulesSync._counters_changed`).
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any, cast

from ..kernel.faults import bool_votes
from .cards import Card
from .core import GameCore
from .dispatch import JokerPlans
from .rules import DERIVED, Rules
from .run.shop import fill_shop, more_packs, recalculate_reroll, reprice_shop

if TYPE_CHECKING:
    from .game import Game

__all__ = ["RulesSync"]


class RulesSync(GameCore):
    """The rules, the call plans and the blind's card debuffs, kept in step with the row."""

    # -- the blind's say on cards ------------------------------------------------------------
    def _blind_impl(self, hook: str) -> Any:
        """The active blind's implementation of ``hook`` (``None``: no blind, a disabled
        one, or one without it)."""
        blind = self.blind
        if blind is None or blind.disabled:
            return None
        return self.plugins.impl(hook, blind.key)

    def _debuff_card(self, card: Card) -> None:
        """Whether the blind debuffs ``card`` now (a card just made or changed), the
        jokers' ``joker_debuff_card`` having their say first."""
        rule = self._blind_impl("blind_debuff_card")
        chain = self._planned("joker_debuff_card")
        if chain:
            card.set_debuff(by_blind=self._jokers_debuff(chain, rule, card))
        elif rule is None:
            card.set_debuff(by_blind=False)
        else:
            card.set_debuff(by_blind=bool(rule(self, self.blind, card)))

    def _refresh_debuffs(self) -> None:
        """Every playing card asks the blind again (a new blind, a disabled one, new rules),
        and the jokers first when some joker has ``joker_debuff_card``."""
        rule = self._blind_impl("blind_debuff_card")
        blind = self.blind
        chain = self._planned("joker_debuff_card")
        for card in self.playing_cards:
            card.rules_changed()
            if chain:
                card.set_debuff(by_blind=self._jokers_debuff(chain, rule, card))
            elif rule is not None:
                card.set_debuff(by_blind=bool(rule(self, blind, card)))
            elif card._debuff.by_blind:  # (no blind rule: only a blind's debuff to lift)
                card.set_debuff(by_blind=False)

    def _jokers_debuff(self, chain: tuple[Any, ...], rule: Any, card: Card) -> bool:
        """Whether ``card`` is debuffed for the round: a joker's ``False`` keeps it from
        being debuffed (Steamodded's ``prevent_debuff``), else a joker's ``True`` debuffs
        it, else the blind decides (asked only then, as Steamodded's ``Blind:debuff_card``)."""
        debuff, prevent = bool_votes("joker_debuff_card", chain, self, card)
        if prevent:
            return False
        if debuff:
            return True
        return rule is not None and bool(rule(self, self.blind, card))

    # -- rules and plans ---------------------------------------------------------------------
    def _row_changed(self) -> None:
        self.row_version += 1

    def refresh_rules(self) -> None:
        """Rebuild the rules now. Rarely needed: the rules follow the joker row, the
        vouchers, the plugin set and the counters of the jokers that declare rules
        (re-derived after each of their hooks and at the end of every event)."""
        self._synced = None
        self._sync()

    def _counters_changed(self) -> None:
        """A joker's counters may have changed (a hook ran, an event ended): the rules are
        looked at again before the next read, and re-derived if the counters of a joker
        with ``joker_rules`` changed (Cryptid's Pot of Jokes grows each round)."""
        # (A new game still sharing its prepared start's plans has used no joker yet: no
        # counter can have changed, and its plans stay shared.)
        plans = self.__dict__.get("_plans")
        if plans is not None and plans.ruled:
            self._rules_dirty = True

    def _event_over(self) -> None:
        """An event is over: the rules are brought up to date with the row and the
        counters now, so that what a change of rules does -- a shop slot gained, a round's
        discards, prices -- happens within the event that changed them."""
        self._counters_changed()
        if self._rules_dirty or self._synced != (self.row_version, self.plugins.version):
            self._sync()

    def _rule_states_now(self) -> bytes | None:
        plans = self._plans
        if plans is None or not plans.ruled:
            return None
        try:
            return marshal.dumps([joker.state for joker in plans.ruled], 2)
        except ValueError:  # counters marshal cannot write: compare nothing, re-derive
            return None

    def _sync(self, *, as_saved: bool = False) -> None:
        """Rebuild the rules and call plans if the joker row or the plugin set changed, and
        the rules alone if a ruling joker's counters did.

        ``as_saved`` is for a game just loaded from a save: its cards' debuffs are as
        saved, so only what the cards read from the rules changes (a card The Pillar
        would debuff now sits undebuffed in the discard pile until the round ends).
        """
        key = (self.row_version, self.plugins.version)
        if key == self._synced:
            if not self._rules_dirty:
                return
            self._rules_dirty = False
            states = self._rule_states_now()
            if states is not None and states == self._rule_states:
                return
            self._derive(rebuild_plans=False, as_saved=as_saved)
            return
        self._derive(rebuild_plans=True, as_saved=as_saved)
        self._synced = key

    def _derive(self, *, rebuild_plans: bool, as_saved: bool) -> None:
        """Derive the rules (and, with ``rebuild_plans``, the call plans) from the row, the
        vouchers and the plugin set; a change of rules mid-round or mid-visit acts at
        once (discards, free rerolls, shop slots, prices, card debuffs)."""
        rules = self._rules
        DERIVED[0] += 1
        before = rules.detection_key(), rules.all_faces
        discards, rerolls = rules.discards_delta, rules.free_rerolls
        card_slots, pack_slots = rules.shop_slots_delta, rules.booster_slots
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
        if rebuild_plans:
            self._plans = JokerPlans(self.plugins, self.jokers)
            self._synced = (self.row_version, self.plugins.version)
        self._rules_dirty = False
        self._rule_states = self._rule_states_now()
        if not first:
            self._rules_changed(rules.discards_delta - discards, rules.free_rerolls - rerolls)
            if rules.shop_slots_delta > card_slots:
                fill_shop(cast("Game", self))
            if rules.booster_slots > pack_slots:
                more_packs(cast("Game", self), rules.booster_slots - pack_slots)
            if rules.free_consumable_sets != free_sets:
                # Astronomer gained or lost: the game re-costs every card at once, so the
                # Planets and Celestial Packs on sale follow (packs are priced when bought).
                reprice_shop(cast("Game", self))
        if (rules.detection_key(), rules.all_faces) != before:
            if as_saved:
                for card in self.playing_cards:
                    card.rules_changed()
            else:
                self._refresh_debuffs()
        elif (
            rebuild_plans
            and not (first or as_saved)
            and "joker_debuff_card" in self.plugins.implemented
        ):
            self._refresh_debuffs()  # a joker that debuffs cards may have come, gone or woken

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
            run.free_rerolls_left = max(0, run.free_rerolls_left + rerolls)
            recalculate_reroll(cast("Game", self), skip_increment=True)

    def _planned(self, hook: str) -> tuple[Any, ...]:
        """The plan of a joker hook, ``()`` at once when no content implements it (the hooks
        of run events mods add: a vanilla game never builds their plans)."""
        if hook not in self.plugins.implemented:
            return ()
        return self.plans.plan(hook)

    @property
    def plans(self) -> JokerPlans:
        """The call plans for the current joker row."""
        self._sync()
        assert self._plans is not None
        return self._plans

"""The whole game as one schedule: every event of a run, its phases and its systems, in order.

Read this module to see what happens when: each :class:`~balatro_ecs.kernel.schedule.Event`
below is something that happens in a run -- an action of the player (``buy``, ``play``,
``sell``...) or something one of them sets off (``end_round`` after the last hand,
``open_pack`` from a pack bought or a tag) -- and :data:`SYSTEMS` lists its systems, each in
one of the event's phases, with its order in the phase (``after``) and its run condition
(``run_if``). The functions themselves live by their subject
(:mod:`~balatro_ecs.game.run.rounds`, :mod:`~balatro_ecs.game.run.shop`,
:mod:`~balatro_ecs.game.run.packs`, :mod:`~balatro_ecs.game.scoring.systems`, ...); this is
their order.

This module is a plugin: the vanilla pack registers it (``balatro_ecs_vanilla``'s
``balatro_plugins``), so the game's own events and systems reach the game through
``balatro_run_events``, ``balatro_run_systems`` and ``balatro_scoring_systems`` -- the
hooks a third-party pack uses to add its own systems before or after these (by name,
``"play:score_hand"``) or to declare new events. The plugin set compiles every event's
schedule when it is built (:meth:`Plugins.schedule
<balatro_ecs.kernel.manager.Plugins.schedule>`); :func:`~balatro_ecs.game.run.flow.run_event`
runs one, and each action names the event it runs
(:attr:`Action.event <balatro_ecs.game.actions.Action.event>`: ``Buy(2)`` runs ``buy``).
``balatro-ecs schedule --event NAME`` prints any of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..kernel.hookspecs import hookimpl
from ..kernel.schedule import SCORING_EVENT, Event, System
from .run import blinds, economy, packs, rounds, setup, shop
from .scoring import systems as scoring

__all__ = ["EVENTS", "SYSTEMS", "Step"]


@dataclass(frozen=True)
class Step:
    """One line of the schedule: a system function, its phase, the systems of the same
    event it runs after (by function name) and its run condition."""

    phase: str
    run: Callable[[Any], Any]
    after: tuple[str, ...] = ()
    run_if: Callable[[Any], Any] | None = None


#: Every event of the run, with its phases in order.
EVENTS: tuple[Event, ...] = (
    Event(
        "start_run",
        ("cards", "deck", "stakes", "counters", "targets", "blinds", "blind select"),
        "a new run: the deck, its stake, the first ante's blinds",
    ),
    Event(
        "select_blind",
        ("set blind", "blind effects", "jokers", "shuffle", "draw", "first hand"),
        "the blind on deck is played: the round starts",
    ),
    Event("skip_blind", ("skip", "tag", "jokers", "advance"), "the blind on deck is skipped"),
    Event("reroll_boss", ("pay", "reroll"), "a new boss for the ante (Director's Cut, Retcon)"),
    Event(
        "play",
        ("select", "press play", "score", "clean up", "resolve", "wait"),
        "a hand is played and scored",
    ),
    Event(SCORING_EVENT, scoring.SCORING_PHASES, "the played hand is scored"),
    Event("discard", ("before", "discard", "count", "draw"), "cards are discarded"),
    Event(
        "end_round",
        ("jokers", "held cards", "progress", "targets", "payout"),
        "the round is won (or a joker saved it)",
    ),
    Event("game_over", ("jokers", "over"), "the run is lost"),
    Event("win", ("won",), "the boss of the last ante is beaten: the win screen"),
    Event("endless", ("close",), "the win screen closes: endless mode"),
    Event("cash_out", ("pay", "advance", "shop"), "the round's payout is taken"),
    Event(
        "open_shop",
        (
            "rules",
            "tags",
            "reroll price",
            "cards",
            "vouchers",
            "packs",
            "last tags",
            "open",
            "jokers",
        ),
        "the shop is stocked and opens",
    ),
    Event("buy", ("choose", "pay", "take", "jokers", "record"), "a shop card is bought"),
    Event(
        "buy_and_use",
        ("choose", "pay", "take", "jokers", "use"),
        "a shop consumable is used at once",
    ),
    Event("buy_voucher", ("choose", "pay", "take", "redeem", "jokers"), "a voucher is bought"),
    Event("buy_pack", ("choose", "pay", "take", "jokers", "open"), "a booster pack is bought"),
    Event("open_pack", ("open", "deal", "cards", "show", "jokers"), "a booster pack opens"),
    Event("pick", ("choose", "take", "use", "count", "close"), "a pack's card is picked"),
    Event("skip_pack", ("jokers", "close"), "the open pack is skipped"),
    Event("reroll", ("pay", "restock", "jokers"), "the shop's cards are rerolled"),
    Event(
        "sell",
        ("choose", "sold", "jokers", "pay", "remove", "record"),
        "a joker or consumable is sold",
    ),
    Event(
        "use",
        ("choose", "effect", "count", "jokers", "used up"),
        "a consumable is used (held, bought and used, or picked from a pack)",
    ),
    Event("move_joker", ("move", "jokers"), "a joker moves to another slot"),
    Event("sort_hand", ("sort",), "the hand is sorted"),
    Event("rearrange", ("rearrange",), "the hand or the consumables are put in a new order"),
    Event("leave_shop", ("jokers", "advance"), "the shop closes: the next blind select"),
)

#: Every event's systems. A system is named ``"<event>:<function>"`` (the scoring
#: systems by their function alone, ``"joker_pass"``), which is what a plugin's
#: ``before``/``after`` refers to.
SYSTEMS: dict[str, tuple[Step, ...]] = {
    "start_run": (
        Step("cards", setup.starting_cards),
        Step("deck", setup.apply_deck),
        Step("stakes", setup.apply_stakes),
        Step("counters", setup.start_counters),
        Step("targets", setup.first_targets),
        Step("blinds", setup.first_blinds),
        Step("blind select", setup.first_blind_select),
    ),
    "select_blind": (
        Step("set blind", rounds.set_blind),
        Step("blind effects", rounds.blind_effects),
        Step("jokers", rounds.jokers_setting_blind),
        Step("shuffle", rounds.shuffle_deck),
        Step("draw", rounds.draw_first_hand),
        Step("first hand", rounds.first_hand_drawn, run_if=rounds.in_round),
        Step(
            "first hand",
            rounds.blind_first_hand_drawn,
            after=("first_hand_drawn",),
            run_if=rounds.in_round,
        ),
    ),
    "skip_blind": (
        Step("skip", rounds.skip),
        Step("tag", rounds.take_tag),
        Step("jokers", rounds.jokers_blind_skipped),
        Step("advance", rounds.advance_after_skip),
    ),
    "reroll_boss": (
        Step("pay", blinds.pay_for_boss_reroll),
        Step("reroll", blinds.draw_new_boss),
    ),
    "play": (
        Step("select", rounds.select_played),
        Step("press play", rounds.press_play),
        Step("score", rounds.score_hand),
        Step("clean up", rounds.clean_up_play),
        Step("resolve", rounds.resolve_play),
        Step("wait", rounds.waiting_for_the_player),
    ),
    SCORING_EVENT: (
        Step("detect", scoring.detect_hand),
        Step("hand debuff", scoring.check_hand_debuff),
        Step("before", scoring.jokers_before),
        Step("blind modifies hand", scoring.blind_modifies_hand),
        Step("blind modifies hand", scoring.jokers_initial_step, after=("blind_modifies_hand",)),
        Step("scored cards", scoring.score_played_cards),
        Step("held cards", scoring.score_held_cards),
        Step("jokers", scoring.joker_pass),
        Step("final step", scoring.jokers_final_step),
        Step("final step", scoring.deck_final_step, after=("jokers_final_step",)),
        Step("destroy", scoring.destroy_cards),
        Step("score", scoring.add_score),
        Step("after", scoring.jokers_after),
    ),
    "discard": (
        Step("before", rounds.pre_discard),
        Step("discard", rounds.discard_cards),
        Step("count", rounds.count_discard, run_if=rounds.not_forced),
        Step("draw", rounds.refill_after_discard, run_if=rounds.not_forced),
    ),
    "end_round": (
        Step("jokers", rounds.jokers_end_of_round),
        Step("held cards", rounds.held_cards_end_of_round),
        Step("progress", rounds.progress),
        Step("targets", rounds.new_targets),
        Step("payout", economy.compute_payout),
    ),
    "game_over": (
        # a lost round ends as a round does for the jokers (Rental charged: 5Z6UXFMI)
        Step("jokers", rounds.jokers_end_of_round, run_if=rounds.round_lost),
        Step("over", rounds.lose_run),
    ),
    "win": (Step("won", rounds.won_the_run),),
    "endless": (Step("close", rounds.go_endless),),
    "cash_out": (
        Step("pay", economy.pay_out),
        Step("advance", economy.advance_blinds),
        Step("shop", economy.to_shop),
    ),
    "open_shop": (
        Step("rules", shop.shop_rules),
        Step("tags", shop.shop_start_tags),
        Step("reroll price", shop.reset_reroll_price),
        Step("cards", shop.stock_cards),
        Step("vouchers", shop.offer_vouchers),
        Step("packs", shop.offer_packs),
        Step("last tags", shop.shop_final_tags),
        Step("open", shop.enter_shop),
        Step("jokers", shop.jokers_shop_opened),
    ),
    "buy": (
        Step("choose", shop.choose_offer),
        Step("pay", shop.pay_for_offer),
        Step("take", shop.take_offer),
        Step("jokers", shop.jokers_card_added, run_if=shop.playing_card_bought),
        Step("jokers", shop.jokers_card_bought, after=("jokers_card_added",)),
        Step("record", shop.record_bought),
    ),
    "buy_and_use": (
        Step("choose", shop.choose_to_use),
        Step("pay", shop.pay_for_offer),
        Step("take", shop.take_to_use),
        Step("jokers", shop.jokers_card_bought),
        Step("use", shop.use_bought),
    ),
    "buy_voucher": (
        Step("choose", shop.choose_voucher),
        Step("pay", shop.pay_for_voucher),
        Step("take", shop.take_voucher),
        Step("redeem", shop.redeem_bought_voucher),
        Step("jokers", shop.jokers_card_bought),
    ),
    "buy_pack": (
        Step("choose", shop.choose_pack_offer),
        Step("pay", shop.pay_for_pack),
        Step("take", shop.take_pack),
        Step("jokers", shop.jokers_card_bought),
        Step("open", shop.open_bought_pack),
    ),
    "open_pack": (
        Step("open", packs.start_pack),
        Step("deal", packs.deal_pack_hand, run_if=packs.deals_hand),
        Step("cards", packs.fill_pack),
        Step("show", packs.show_pack),
        Step("jokers", packs.jokers_pack_opened),
    ),
    "pick": (
        Step("choose", packs.choose_pick),
        Step("take", packs.take_pick, run_if=packs.picked_to_keep),
        Step("use", packs.use_pick, run_if=packs.picked_consumable),
        Step("count", packs.count_pick),
        Step("close", packs.close_picked_pack, run_if=packs.pack_done),
    ),
    "skip_pack": (
        Step("jokers", packs.jokers_pack_skipped),
        Step("close", packs.close_skipped_pack),
    ),
    "reroll": (
        Step("pay", shop.pay_for_reroll),
        Step("restock", shop.stock_cards),
        Step("jokers", shop.jokers_reroll),
    ),
    "sell": (
        Step("choose", shop.choose_to_sell),
        Step("sold", shop.joker_sold, run_if=shop.sell_joker),
        Step("jokers", shop.jokers_card_sold),
        Step("pay", shop.pay_for_sale),
        Step("remove", shop.remove_sold),
        Step("record", shop.record_sold),
    ),
    "use": (
        Step("choose", packs.choose_held, run_if=packs.held_consumable),
        Step("effect", packs.consumable_effect),
        Step("count", packs.count_use),
        Step("jokers", packs.jokers_consumable_used),
        Step("used up", packs.used_up, run_if=packs.held_consumable),
    ),
    "move_joker": (
        Step("move", rounds.move_joker),
        Step("jokers", rounds.jokers_rearranged),
    ),
    "sort_hand": (Step("sort", rounds.sort_hand),),
    "rearrange": (Step("rearrange", rounds.rearrange_row),),
    "leave_shop": (
        Step("jokers", shop.jokers_leaving_shop),
        Step("advance", shop.close_shop),
    ),
}


def _name(event: str, function: str) -> str:
    return function if event == SCORING_EVENT else f"{event}:{function}"


def _systems(event: str) -> tuple[System, ...]:
    return tuple(
        System(
            _name(event, step.run.__name__),
            step.phase,
            step.run,
            after=tuple(_name(event, name) for name in step.after),
            run_if=step.run_if,
            event=event,
        )
        for step in SYSTEMS.get(event, ())
    )


_BUILT: dict[str, tuple[System, ...]] = {event.name: _systems(event.name) for event in EVENTS}


# -- the hooks through which the vanilla pack gives these to the game ----------------------


@hookimpl
def balatro_run_events() -> Iterable[Event]:
    """The run's events (:data:`EVENTS`)."""
    return EVENTS


@hookimpl
def balatro_run_systems(event: str) -> Iterable[System]:
    """The game's systems of ``event`` (:data:`SYSTEMS`; scoring's come through
    :func:`balatro_scoring_systems`)."""
    return () if event == SCORING_EVENT else _BUILT.get(event, ())


@hookimpl
def balatro_scoring_systems() -> Iterable[System]:
    """The game's scoring systems, in the game's order (rules.toml ``[scoring_order]``)."""
    return _BUILT[SCORING_EVENT]

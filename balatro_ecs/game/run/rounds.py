"""The systems of a round: selecting or skipping a blind, playing, discarding, the end of
the round, and the run won or lost. Each is a function of an
:class:`~balatro_ecs.game.run.flow.EventContext`; :mod:`balatro_ecs.game.events` places
each in its event's phase.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...kernel.components import FORCED_MADE, Area
from ...kernel.enums import VANILLA_HANDS, HandType, hand_iteration_order
from ...kernel.faults import check_count
from .. import hands
from ..core import CARD_AREAS
from ..modifiers import card_modifiers
from ..state import ROWS_WRITTEN, Phase
from ..stickers import end_of_round as stickers_end_of_round
from .blinds import blind_chips, blind_type_on_deck, next_blind, next_voucher
from .flow import EventContext, run_event
from .tags import gain_tag, tag_trigger_all
from .targets import reset_round_targets

if TYPE_CHECKING:
    from ..cards import Card
    from ..game import Game

__all__ = [
    "end_round",
    "end_round_if_out_of_cards",
    "in_round",
    "next_blind",
    "not_forced",
    "refill_hand",
    "round_lost",
    "won_the_run",
]


# ---------------------------------------------------------------------------------------
# drawing
# ---------------------------------------------------------------------------------------


def refill_hand(game: Game, after_action: bool, *, tell_blind: bool = True) -> list[Card]:
    """Draw back up to the hand size (The Serpent draws exactly 3 after a play or discard).

    The blind then sees the new hand (Cerulean Bell picks its card), unless ``tell_blind``
    is false: the round's first draw tells it after the jokers' first-hand effects.
    """
    run = game.run
    game._hand_watch = True  # drawing: a hand size that grows from now draws at once
    wanted = max(0, game.hand_size - len(game.area(Area.HAND)))
    if after_action and (run.hands_played_round > 0 or run.discards_used > 0):
        serpent = game._blind_impl("blind_draw_count")
        if serpent is not None:
            changed = serpent(game, game.blind, wanted)
            if changed is not None:
                wanted = changed
    chain = game._planned("joker_drawing_cards")
    if chain:
        wanted = _drawing_chain(game, chain, wanted)
    drawn = game.draw(wanted)
    if tell_blind:
        _blind_drawn(game)
    return drawn


def _drawing_chain(game: Game, chain: tuple[Any, ...], wanted: int) -> int:
    """How many cards to draw, as the jokers' ``joker_drawing_cards`` leave it."""
    for fn, view, joker in chain:
        changed = fn(game, view, wanted)
        if changed is not None:
            wanted = check_count("cards to draw", changed, joker)
    return wanted


def _blind_drawn(game: Game) -> None:
    drawn_hook = game._blind_impl("blind_drawn")
    if drawn_hook is not None:
        drawn_hook(game, game.blind)


# ---------------------------------------------------------------------------------------
# select_blind
# ---------------------------------------------------------------------------------------


def set_blind(ctx: EventContext) -> None:
    """Set the blind on deck and reset the round's counters."""
    game = ctx.game
    run = game.run
    btype = blind_type_on_deck(game)
    game.set_blind(btype)
    run.blind_chips = blind_chips(game, btype)
    run.chips = 0.0
    run.blind_states[run.blind_on_deck] = "Current"
    run.round += 1
    game.refresh_rules()
    run.hands_left = max(1, run.round_hands + game.rules.hands_delta)
    run.discards_left = max(0, run.round_discards + game.rules.discards_delta)
    run.hands_played_round = 0
    run.discards_used = 0
    run.reroll_increase = 0
    run.free_rerolls_left = game.rules.free_rerolls
    run.blind_hand_size = 0
    run.boss_defeated = False
    ROWS_WRITTEN[0] += 1
    for stats in run.hands:
        stats.played_this_round = 0
    run.phase = Phase.ROUND
    tag_trigger_all(game, "round_start_bonus")


def blind_effects(ctx: EventContext) -> None:
    """The blind's own round effects (The Water, The Needle, The Manacle, ...)."""
    game = ctx.game
    apply = game._blind_impl("blind_set")
    if apply is not None:
        apply(game, game.blind)


def jokers_setting_blind(ctx: EventContext) -> None:
    """Each joker reacts to the blind; what they queued (Riff-raff's jokers) and what the
    blind queued before them (Amber Acorn's shuffle) happens once all have acted."""
    game = ctx.game
    game.each_joker("joker_setting_blind", game.blind)
    game.run_queued()


def shuffle_deck(ctx: EventContext) -> None:
    game = ctx.game
    game.shuffle_deck(f"nr{game.run.ante}")


def draw_first_hand(ctx: EventContext) -> None:
    """Draw the round's first hand; with no room for a card (a hand size of 0), the run
    is over."""
    game = ctx.game
    if game.hand_size <= 0:
        run_event(game, "game_over")
        return
    refill_hand(game, after_action=False, tell_blind=False)


def in_round(ctx: EventContext) -> bool:
    """Run condition: the round is being played (not over, not lost)."""
    return ctx.game.run.phase is Phase.ROUND


def first_hand_drawn(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_first_hand_drawn")


def blind_first_hand_drawn(ctx: EventContext) -> None:
    """The blind sees the first hand once the jokers' first-hand effects are done (in the
    game its ``drawn_to_hand`` event comes after them): Cerulean Bell picks among the
    cards held then, Certificate's card included."""
    _blind_drawn(ctx.game)


# ---------------------------------------------------------------------------------------
# skip_blind
# ---------------------------------------------------------------------------------------


def skip(ctx: EventContext) -> None:
    run = ctx.game.run
    run.skips += 1
    run.blind_states[run.blind_on_deck] = "Skipped"


def take_tag(ctx: EventContext) -> None:
    game = ctx.game
    key = game.run.tags_offered.get(game.run.blind_on_deck)
    if key is not None:
        gain_tag(game, key)


def jokers_blind_skipped(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_blind_skipped")


def advance_after_skip(ctx: EventContext) -> None:
    run = ctx.game.run
    run.blind_on_deck = next_blind(run.blind_on_deck)
    run.blind_states[run.blind_on_deck] = "Select"
    tag_trigger_all(ctx.game, "new_blind_choice")


# ---------------------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------------------

#: Whether a card is the one a Cerulean Bell forces (read in C).
_FORCED = operator.attrgetter("_flags.forced_selection")


def select_played(ctx: EventContext) -> None:
    """Move the chosen cards to the play area, left to right as the game places them
    (:meth:`Game.laid_out <balatro_ecs.game.Game.laid_out>`); spend a hand."""
    game = ctx.game
    game._hand_watch = False  # the hand scores: the draw after it fills the hand
    hand = game.area(Area.HAND)
    chosen = game.laid_out([hand[i] for i in sorted(ctx["cards"])])
    areas = game._areas
    if FORCED_MADE[0] and any(map(_FORCED, itertools.chain(*map(areas.__getitem__, CARD_AREAS)))):
        for card in game.playing_cards:  # (Cerulean Bell's pick)
            card.set_forced(False)
    for card in chosen:
        card.mark_played_this_ante()
        card.set_face_down(False)
    game._move_cards(chosen, Area.PLAY)  # (as move_card one by one, in one pass)
    game.run.hands_left -= 1
    if game.blind is not None:
        game.blind.triggered = False


def press_play(ctx: EventContext) -> None:
    """The blind acts on the played hand before it scores (The Hook, The Tooth); then the
    jokers (``joker_press_play``)."""
    game = ctx.game
    act = game._blind_impl("blind_press_play")
    if act is not None:
        act(game, game.blind, game.cards(Area.PLAY))
    if game._planned("joker_press_play"):
        game.each_joker("joker_press_play", game.cards(Area.PLAY))


def score_hand(ctx: EventContext) -> None:
    game = ctx.game
    result = game.evaluate_play()
    game.run.chips += result.score
    ctx.values["result"] = result


def clean_up_play(ctx: EventContext) -> None:
    game = ctx.game
    game._move_all(Area.PLAY, Area.DISCARD)
    game.run.hands_played += 1
    game.run.hands_played_round += 1


def resolve_play(ctx: EventContext) -> None:
    """Beaten, out of hands, or draw back up and play on."""
    game = ctx.game
    run = game.run
    if run.chips >= run.blind_chips or run.hands_left < 1:
        end_round(game)
        return
    refill_hand(game, after_action=True)
    if not game.area(Area.HAND) and not game.area(Area.DECK):
        end_round(game)


# ---------------------------------------------------------------------------------------
# discard
# ---------------------------------------------------------------------------------------


def _discarded(ctx: EventContext) -> list[Card]:
    found = ctx.values.get("discarded")
    if found is None:
        hand = ctx.game.area(Area.HAND)
        chosen = [hand[i] for i in sorted(ctx["cards"])]
        found = ctx.values["discarded"] = ctx.game.laid_out(chosen)
    return found


def pre_discard(ctx: EventContext) -> None:
    """Jokers act once before a discard (Burnt Joker levels the discarded poker hand)."""
    game = ctx.game
    cards = _discarded(ctx)
    for source, effect in game.each_joker(
        "joker_pre_discard", tuple(cards), ctx.get("hook", False)
    ):
        if effect is not None and effect.level_up:
            keys = [c.detect_key() for c in cards]
            made = hands.detector(game.plugins).detect(keys, game.rules.detection_key())
            chain = game._planned("joker_evaluate_poker_hand")
            if chain:  # a joker may name another hand
                made = hands.evaluated(game, chain, cards, made)
            game.level_up(made.hand, effect.level_up, source)


def discard_cards(ctx: EventContext) -> None:
    """Each discarded card: its seal (Purple), then every joker; then it leaves the hand."""
    game = ctx.game
    cards = _discarded(ctx)
    full = tuple(cards)
    destroyed: list[Card] = []
    seal_discard = card_modifiers(game.plugins).seal_discard
    for card in cards:
        discarded = seal_discard[card._seal.kind]
        if discarded is not None and not card.debuffed:
            discarded(game, card)
        remove = False
        for source, effect in game.each_joker("joker_discard", card, full):
            if effect is None:
                continue
            game.apply_effect(effect, source)
            if effect.destroy:
                remove = True
        card.set_face_down(False)
        card.set_forced(False)  # Cerulean Bell's pick is cleared on discard as on play
        if remove:
            destroyed.append(card)
            game.destroy_card(card)
        else:
            game.move_card(card, Area.DISCARD)
    if destroyed:
        game.each_joker("joker_cards_destroyed", tuple(destroyed))


def not_forced(ctx: EventContext) -> bool:
    """Run condition: the player's own discard, not one a blind forces (The Hook's uses
    no discard and draws nothing)."""
    return not ctx.get("hook", False)


def count_discard(ctx: EventContext) -> None:
    run = ctx.game.run
    run.discards_left -= 1
    run.discards_used += 1


def refill_after_discard(ctx: EventContext) -> None:
    refill_hand(ctx.game, after_action=True)


# ---------------------------------------------------------------------------------------
# end_round
# ---------------------------------------------------------------------------------------


def end_round(game: Game) -> None:
    """The round is over: lost (unless a joker saves it: the ``game_over`` event) or won
    (the ``end_round`` event)."""
    run = game.run
    game._hand_watch = False  # the round ends: a hand size that grows draws nothing now
    won = run.chips >= run.blind_chips
    saved = False
    if not won:
        for joker in list(game.jokers):
            rule = game.plugins.impl("joker_game_over", joker.key)
            if rule is not None and not joker.debuffed and rule(game, joker):
                saved = True
                game.record(joker, "message", "saved")
                break
        if not saved:
            run_event(game, "game_over", round_lost=True)
            return
    run_event(game, "end_round", won=won, saved=saved)


def end_round_if_out_of_cards(game: Game) -> bool:
    """The game's check whenever it waits for a play: with no card in the hand, the play
    area or the deck, nothing can be played, so the round ends (lost unless the score is
    enough, or a joker saves it). Returns whether it ended."""
    if game.run.phase is not Phase.ROUND:
        return False
    if game.area(Area.HAND) or game.area(Area.PLAY) or game.area(Area.DECK):
        return False
    end_round(game)
    return True


def jokers_end_of_round(ctx: EventContext) -> None:
    """Each joker, left to right: its end-of-round effect, then its stickers' (the game's
    rental charge, then perishable tick: rules.toml ``[rounds] end_of_round_order``).

    A lost round runs this pass too, before the game is over: the game's end of round
    goes through the joker row whether or not the blind was beaten, so Rental jokers
    are charged on the game-over screen (recorded in 5Z6UXFMI, Gold Stake)."""
    game = ctx.game
    run = game.run
    blind = game.blind
    run.boss_defeated = ctx.event != "game_over" and blind is not None and blind.is_boss
    row = list(game.jokers)
    plan = game.plans.by_slot("joker_end_of_round")
    own = game.plans.own_by_slot("joker_end_of_round") or (None,) * len(row)
    for joker, entry, first in zip(row, plan, own, strict=True):
        if joker not in game.jokers:  # eaten or destroyed earlier in this loop
            continue
        if first is not None:  # a copier that acts: its own end of round first
            effect = first[0](game, joker)
            if effect is not None:
                game.apply_effect(effect, joker)
        if entry is not None:
            fn, view, _ = entry
            effect = fn(game, view)
            if effect is not None:
                game.apply_effect(effect, joker)
        if joker._stickers.values and joker in game.jokers:
            stickers_end_of_round(game, joker)
    game.run_queued()  # what the pass queued happens after it (Mr. Bones burns up)


def held_cards_end_of_round(ctx: EventContext) -> None:
    """Each held card: its enhancement (Gold cards pay), then its seal (Blue Seals make the
    last hand's Planet); its seal's retriggers (red) and Mime run them again when they did
    something."""
    game = ctx.game
    repetition = game.plans.plan("joker_held_repetition")
    jokers = game._planned("joker_held_end_of_round")
    mods = card_modifiers(game.plugins)
    enhancement_hooks = mods.enhancement_end_of_round
    seal_hooks = mods.seal_end_of_round
    for card in list(game.area(Area.HAND)):
        if card.debuffed:
            continue
        enhanced = enhancement_hooks[card._enhancement.kind]
        sealed = seal_hooks[card._seal.kind]
        if enhanced is None and sealed is None and not jokers:
            continue
        acted = _card_end_of_round(game, card, enhanced, sealed, jokers)
        if not acted:
            continue
        times = mods.seal_retriggers[card._seal.kind]
        for fn, view, _source in repetition:
            times += fn(None, view, card) or 0
        for _ in range(times):
            _card_end_of_round(game, card, enhanced, sealed, jokers)


def _card_end_of_round(
    game: Game,
    card: Card,
    enhanced: Callable[..., Any] | None,
    sealed: Callable[..., Any] | None,
    jokers: tuple[Any, ...],
) -> bool:
    acted = False
    if enhanced is not None:
        effect = enhanced(game, card)
        if effect is not None:
            if effect.dollars:
                game.earn(effect.dollars, card)
            acted = True
    if sealed is not None and sealed(game, card):
        acted = True
    for fn, view, source in jokers:
        effect = fn(game, view, card)
        if effect is not None:
            game.apply_effect(effect, source)
            acted = True
    return acted


def progress(ctx: EventContext) -> None:
    """Mark the blind beaten; a beaten boss raises the ante (and ante 8's wins the run)."""
    game = ctx.game
    run = game.run
    run.blind_states[run.blind_on_deck] = "Defeated"
    run.unused_discards += run.discards_left
    if run.boss_defeated:
        if run.ante == run.win_ante:
            run_event(game, "win")
        run.most_played_hand = _most_played(game)
        game._ease_ante(1, True, None)
        if "boss_rerolled" in run.flags:
            run.flags.remove("boss_rerolled")
        for card in game.playing_cards:
            card.mark_played_this_ante(False)
        run.voucher_offer = next_voucher(game)
        defeated = game.plugins.impl("deck_boss_defeated", game.deck.key)
        if defeated is not None:
            defeated(game, game.deck)
    run.temp_hand_size = 0
    run.blind_hand_size = 0
    for area in (Area.HAND, Area.PLAY, Area.DISCARD):
        for card in list(game.area(area)):
            card.set_face_down(False)
            card.set_forced(False)
            game.move_card(card, Area.DECK)


def _most_played(game: Game) -> HandType:
    """The most played hand; a tie goes to the hand the game's table visits last."""
    best, best_count = HandType.HIGH_CARD, -1
    stats = game.run.hands
    order = hand_iteration_order(len(stats))
    if len(order) > len(VANILLA_HANDS):  # a mod's hands, after the game's: the set's own
        own = hands.detector(game.plugins).hands
        order = tuple(h for h in order if h < len(VANILLA_HANDS) or h in own)
    for hand in order:
        count = stats[hand].played
        if count >= best_count:
            best, best_count = hand, count
    return best


def new_targets(ctx: EventContext) -> None:
    reset_round_targets(ctx.game)


# ---------------------------------------------------------------------------------------
# game_over, win
# ---------------------------------------------------------------------------------------


def lose_run(ctx: EventContext) -> None:
    """The run is lost: a round lost that nothing saved, or no room to draw a hand."""
    ctx.game.run.phase = Phase.GAME_OVER


def round_lost(ctx: EventContext) -> bool:
    """Run condition: the run is lost because a round was (not for want of a hand)."""
    return bool(ctx.get("round_lost", False))


def won_the_run(ctx: EventContext) -> None:
    """The boss of the winning ante is beaten: the run is won, and the win screen is up
    (play goes on only through ``endless``)."""
    run = ctx.game.run
    run.won = True
    run.win_screen = True


def go_endless(ctx: EventContext) -> None:
    """Endless mode: the win screen closes and the round's evaluation goes on."""
    ctx.game.run.win_screen = False


def waiting_for_the_player(ctx: EventContext) -> None:
    """The hand played is over (the round ended, or it waits for the next action): a hand
    size that grows from now draws at once again."""
    ctx.game._hand_watch = True


# ---------------------------------------------------------------------------------------
# move_joker, sort_hand: the player's reordering
# ---------------------------------------------------------------------------------------


def move_joker(ctx: EventContext) -> None:
    """The joker in slot ``source`` moves to slot ``target``."""
    game = ctx.game
    game.move_joker(game.jokers[ctx["source"]], ctx["target"])


def jokers_rearranged(ctx: EventContext) -> None:
    """The jokers hear that the player rearranged the row (``joker_rearranged``, with no
    source)."""
    ctx.game._jokers_rearranged(None)


def rearrange_row(ctx: EventContext) -> None:
    """The hand or the consumables (``row``) go in the player's ``order``
    (:meth:`Game.rearrange <balatro_ecs.game.Game.rearrange>`). No joker hears of it: the
    game has no joker context for it (the joker row's is ``joker_rearranged``)."""
    ctx.game.rearrange(ctx["row"], ctx["order"])


def sort_hand(ctx: EventContext) -> None:
    """The hand is sorted ``by`` rank or suit, and keeps that sort as it draws (the
    game's hand area does)."""
    game = ctx.game
    by = ctx.get("by", "rank")
    game.run.hand_sort = by
    game.sort_hand(by)

"""Every hook a balatro_ecs plugin can implement, grouped by the game's evaluation order.

There are two families:

* **Content hooks** (``joker_*``, ``consumable_*``, ``blind_*``, ``deck_*``) belong to the
  plugin that declares that content through :func:`balatro_content`. The engine calls them
  *per instance, in game order*: once per joker in slot order (copies resolved, debuffed
  jokers left out), only for the active blind, only for the chosen deck
  (``content_describe`` belongs to content of any family). A plugin declares exactly one
  piece of content if it implements content hooks.
* **Extension hooks** (``balatro_*``) are ordinary pluggy broadcasts, for mods that watch
  or change the game as a whole.

Content hooks return an :class:`~balatro_ecs.kernel.effects.Effect` (or a count, or a flag);
they do not write to the score. The ``game`` a hook receives is the
:class:`~balatro_ecs.game.Game`, typed here as what a plugin may read and call on it:
:class:`~balatro_ecs.game.commands.GameCommands` (``docs/objects.md`` lists it).
Implementations may take any subset of a hook's parameters, as with every pluggy hook.

Every docstring follows one template: summary, parameters, return value, when it is
called, and the version that added it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy

if TYPE_CHECKING:
    from ..game.actions import Action, Outcome
    from ..game.blinds import Blind, Deck
    from ..game.cards import Card, CardSpec
    from ..game.commands import GameCommands
    from ..game.hands import DetectCard, HandParts
    from ..game.jokers import Consumable, Joker
    from ..game.rules import Rules
    from ..game.scoring.context import ScoringContext
    from ..game.scoring.result import ScoreResult
    from ..game.stickers import StickerRoll
    from .content import (
        BoosterType,
        ConsumableSetType,
        ContentType,
        JokerType,
        StakeType,
        StickerType,
        TagType,
        VoucherType,
    )
    from .effects import Effect
    from .enums import Enhancement, HandType
    from .schedule import Event, System

PROJECT = "balatro_ecs"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

#: The attribute :func:`by_count` sets on a ``consumable_can_use`` implementation.
BY_COUNT = "balatro_by_count"

_F = TypeVar("_F", bound=Callable[..., Any])


def by_count(implementation: _F) -> _F:
    """Mark a ``consumable_can_use`` implementation whose answer depends on the selected
    cards only through how many there are (The Magician: any 1 or 2 cards), never on which.

    The legal actions then ask it once per number of selected cards instead of once per
    choice of cards (up to 218 with 8 cards in hand). Leave it off when the answer looks
    at the cards themselves (Aura: a card without an edition)::

        @by_count
        @hookimpl
        def consumable_can_use(game, consumable, targets):
            return 1 <= len(targets) <= 2

    .. versionadded:: 0.1
    """
    setattr(implementation, BY_COUNT, True)
    return implementation


# ---------------------------------------------------------------------------------------
# Declaring content and extending the engine (broadcast hooks)
# ---------------------------------------------------------------------------------------


@hookspec
def balatro_content() -> ContentType | None:
    """Declare the content this plugin adds.

    :returns: A :class:`~balatro_ecs.kernel.content.JokerType`, ``BlindType``, ``DeckType``,
        ``ConsumableType`` or ``VoucherType``. Its ``key`` is what this plugin's content
        hooks are called for.

    Called once per plugin when the plugin set is built (and again when plugins are added
    or removed).

    .. versionadded:: 0.1
    """


@hookspec
def balatro_scoring_systems() -> Iterable[System]:
    """Add systems to the hand-scoring schedule (the ``"score"`` event).

    :returns: :class:`~balatro_ecs.kernel.schedule.System` objects. Each names its phase and the
        systems it must run before or after; two systems in one phase with no declared
        order are an error.

    Called once when the plugin set is built (and again when plugins are added or
    removed); a bad system is an error then. The vanilla scoring systems come this way
    too (:mod:`balatro_ecs.game.events`).

    .. versionadded:: 0.1
    """


@hookspec
def balatro_hand_scored(game: GameCommands, result: ScoreResult) -> None:
    """Observe a hand that has just been scored.

    :param game: The game the hand was played in.
    :param result: The hand's name, chips, mult, score and breakdown.

    Called after the ``after`` context, once per played hand. Not called at all when no
    plugin implements it.

    .. versionadded:: 0.1
    """


@hookspec
def balatro_run_events() -> Iterable[Event]:
    """Declare events of the run, each with its phases in order.

    :returns: :class:`~balatro_ecs.kernel.schedule.Event` objects. An event's name must be
        new: declaring one that another plugin declares is an error.

    Called once when the plugin set is built (and again when plugins are added or
    removed). The game's own events (``"start_run"``, ``"play"``, ``"buy"``, ...: the list
    is :data:`balatro_ecs.game.events.EVENTS`) are declared this way; a game mode declares
    its own and runs them with :func:`balatro_ecs.game.run.flow.run_event`.

    .. versionadded:: 0.2
    """


@hookspec
def balatro_run_systems(event: str) -> Iterable[System]:
    """Add systems to the schedule of a run event.

    :param event: The event whose schedule is being compiled: every event of the run has
        one (``"start_run"``, ``"select_blind"``, ``"play"``, ``"buy"``, ``"sell"``,
        ``"use"``, ``"open_pack"``, ``"end_round"``, ``"game_over"``, ...; the list is
        :data:`balatro_ecs.game.events.EVENTS`, and ``balatro-ecs schedule --list``
        prints it).
    :returns: :class:`~balatro_ecs.kernel.schedule.System` objects for that event's phases
        (``balatro-ecs schedule --event NAME`` lists them). A system may name its event
        (``System(..., event="play")``); one naming an event no plugin declares is an
        error, so an implementation that gives every system its event may ignore the
        argument and return the same systems each time.

    Called once per event when the plugin set is built (and again when plugins are added
    or removed); a bad system is an error then. The game's own systems come this way
    too (:mod:`balatro_ecs.game.events`).

    .. versionadded:: 0.1
    """


@hookspec(firstresult=True)
def balatro_pool_fallback(pool: str) -> str | None:
    """Name the card a pool with nothing available yields.

    :param pool: ``"Joker"``, ``"Voucher"`` or ``"Tag"`` (a consumable set's pool yields
        the set's own ``fallback``, declared on its
        :class:`~balatro_ecs.kernel.content.ConsumableSetType`).
    :returns: A content key of that family, or ``None`` to leave it to other plugins.

    Called once per plugin set and pool (the answer is kept), the first time
    the pool is drawn from; stops at the first non-``None`` result (the vanilla pack answers the
    game's Joker, Blank and Handy Tag: implement it ``tryfirst`` to override them).

    .. versionadded:: 0.4
    """


@hookspec
def balatro_action_applied(game: GameCommands, action: Action, outcome: Outcome) -> None:
    """Observe an action that has just been applied to a game.

    :param game: The game, after the action.
    :param action: The action.
    :param outcome: What happened: money, the events, the score of a played hand.

    Called after every successful action. Not called at all when no plugin implements it.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: passive rules and copying
# ---------------------------------------------------------------------------------------


@hookspec
def joker_rules(joker: Joker, rules: Rules) -> None:
    """Change rule parameters while this joker is owned and not debuffed.

    :param joker: The joker.
    :param rules: The rules being built; set fields on it (Four Fingers sets
        ``flush_size`` and ``straight_size`` to 4).

    Called for every non-debuffed joker in slot order whenever the joker row or the
    plugin set changes.

    .. versionadded:: 0.1
    """


@hookspec
def joker_copy_target(joker: Joker, jokers: Sequence[Joker]) -> int | None:
    """Name the joker whose ability this joker copies (Blueprint, Brainstorm).

    :param joker: The copier.
    :param jokers: The joker row, left to right.
    :returns: The slot index of the joker to copy, or ``None`` to copy nothing.

    Called when the row's call plans are compiled. Copies chain through copiers; a copy
    of a joker that is not ``blueprint_compat``, of itself, of a debuffed joker, or that
    loops, does nothing.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: scoring a hand, in the game's order
# ---------------------------------------------------------------------------------------


@hookspec
def joker_evaluate_poker_hand(
    game: GameCommands, joker: Joker, cards: Sequence[Card], hand: HandType
) -> HandType | None:
    """Change the poker hand that cards count as (Steamodded's ``evaluate_poker_hand``,
    its ``replace_scoring_name``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param cards: Every card of the hand, left to right (the game's ``full_hand``).
    :param hand: The hand they count as, as the jokers before this one left it (the
        detector's answer for the first).
    :returns: The :class:`~balatro_ecs.kernel.enums.HandType` they count as instead
        (a hand's name is accepted too), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    given the hand the one before it returned, wherever the game names the hand cards
    make: a played hand, before anything about it is counted (its level, its play count,
    the blind's check and every scoring hook see the new hand, and ``ctx.contains`` holds
    it too; the scoring cards stay the detected ones), and the discarded cards Burnt Joker
    levels. No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_modify_scoring_hand(ctx: ScoringContext, joker: Joker, card: Card) -> bool | None:
    """Make a played card score, or not (Steamodded's ``modify_scoring_hand``).

    :param ctx: The hand being played: ``ctx.scoring`` holds the cards that score so far
        (the hand's own, Stone cards, every card with Splash).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: A played card, debuffed or not.
    :returns: ``True`` to make it score (``add_to_hand``), ``False`` to keep it from
        scoring (``remove_from_hand``, which wins over any joker's ``True``), or ``None``.

    Called for each played card left to right and, for each card, each joker left to
    right (copies resolved, debuffed jokers left out), once the poker hand is known and
    before the blind's check of the hand; the scoring cards are then the played cards
    that are kept, in played order. No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_debuff_hand(ctx: ScoringContext, joker: Joker) -> bool | None:
    """Refuse to score the played hand, or keep the blind from refusing it (Steamodded's
    ``debuff_hand``).

    :param ctx: The hand being played: its poker hand and scoring cards are known.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: ``True`` to debuff the hand (it scores nothing; the breakdown credits the
        first joker that said so), ``False`` to keep it from being debuffed (Steamodded's
        ``prevent_debuff``: it wins over every ``True`` and over the blind's
        ``blind_debuff_hand``), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out),
    after the blind's ``blind_debuff_hand`` and before the hand's ``before`` context,
    with a blind or without one. A hand a joker lets through is one the blind acts on
    (``blind_before_hand``: The Arm, The Ox), as when the blind had let it through. No
    vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_debuffed_hand(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """React to a hand the boss blind refused to score (Matador).

    :param ctx: The hand being played; it scores 0.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect (dollars), or ``None``.

    Called for each joker left to right, instead of every other scoring context, when
    the blind debuffs the whole hand (The Psychic, The Eye, The Mouth) or a joker's
    ``joker_debuff_hand`` does.

    .. versionadded:: 0.1
    """


@hookspec
def joker_before(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """Act before the hand scores: grow, convert cards, level the hand.

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect (``level_up``, ``dollars``), or ``None``.

    Called for each joker left to right after the hand is detected and the blind has
    acted, before base chips and mult are read from the hand's level.

    .. versionadded:: 0.1
    """


@hookspec
def joker_initial_scoring_step(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """Change the hand's starting chips and mult before any card scores (Steamodded's
    ``initial_scoring_step`` and ``modify_hand``).

    :param ctx: The hand being scored: ``ctx.chips`` and ``ctx.mult`` are the hand's base
        values (after the blind's ``blind_modify_hand``).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect (mult, chips, ×mult, then dollars, applied as a joker's), or
        ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), after
    the blind's ``blind_modify_hand`` and before the first scoring card; not for a hand the
    blind debuffs. No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_check_enhancement(
    game: GameCommands, joker: Joker, card: Card
) -> Enhancement | Sequence[Enhancement] | None:
    """Give a playing card more enhancements than its own (Steamodded's
    ``check_enhancement``: quantum enhancements).

    :param game: The game (during a hand, ``ctx.game``).
    :param joker: The joker itself (never a copy).
    :param card: The playing card.
    :returns: An :class:`~balatro_ecs.kernel.enums.Enhancement` (or several) the card
        counts as having too, or ``None``. Its own enhancement and repeats are left out.

    Called for each joker left to right, debuffed jokers left out and, as in Steamodded
    (``no_blueprint``), never for a Blueprint's or Brainstorm's copy: for each evaluation
    of a scored card, after its own values (it then also scores as each enhancement: the
    enhancement's chip bonus, then its ``enhancement_scored``: +4 Mult, X2 Mult, a Lucky
    roll); for each held card (each enhancement's ``enhancement_held``: Steel's X1.5
    Mult); and by ``game.enhancements_of(card)``, which plugins ask instead of
    ``card.enhancement``. The rest of the game reads a card's own enhancement only: its
    rank and suit (Stone, Wild), its destruction (Glass), the deck's tally (Steel Joker),
    the end of the round (Gold). No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_repetition(ctx: ScoringContext, joker: Joker, card: Card) -> int | None:
    """Retrigger a scored card.

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The scoring card about to be evaluated.
    :returns: How many extra times the card is evaluated, or ``None``.

    Called for each joker left to right, once per scoring card that is not debuffed,
    after the card's red seal. Each retrigger re-runs the whole per-card evaluation.

    .. versionadded:: 0.1
    """


@hookspec
def joker_individual(ctx: ScoringContext, joker: Joker, card: Card) -> Effect | None:
    """Score something for one scored card.

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The scoring card being evaluated (again on each retrigger).
    :returns: An effect (chips, mult, dollars, ×mult, applied in that order), or ``None``.

    Called for each joker left to right, after the card's own chips, mult, dollars,
    ×mult and edition, for every evaluation of every non-debuffed scoring card.

    .. versionadded:: 0.1
    """


@hookspec
def joker_held_individual(ctx: ScoringContext, joker: Joker, card: Card) -> Effect | None:
    """Score something for one card held in hand (Baron, Shoot the Moon, Raised Fist).

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The held card being evaluated (debuffed cards too: check
        ``card.debuffed``).
    :returns: An effect (dollars, mult, ×mult, applied in that order), or ``None``. An
        effect with only a ``message`` still counts as "something happened" for
        retriggers.

    Called for each joker left to right, after the card's own held effect (Steel), for
    each held card left to right and again on each of its retriggers.

    .. versionadded:: 0.1
    """


@hookspec
def joker_held_repetition(ctx: ScoringContext, joker: Joker, card: Card) -> int | None:
    """Retrigger a held card's effects (Mime).

    :param ctx: The hand being scored; ``None`` when the held cards act at the end of a
        round (Gold cards, Blue Seals).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The held card.
    :returns: How many extra times the card's held effects run, or ``None``.

    Called for each joker left to right after the card's red seal, and only when the
    card's first evaluation produced at least one effect: while a hand scores, and again
    for the held cards' end-of-round effects.

    .. versionadded:: 0.1
    """


@hookspec
def joker_main(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """The joker's own effect on the hand (the game's ``joker_main`` context).

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect (mult, chips, ×mult, applied in that order), or ``None``.

    Called for each joker left to right after every held card, between the joker's
    Foil/Holographic bonus and the joker-on-joker effects that follow it.

    .. versionadded:: 0.1
    """


@hookspec
def joker_other_joker(
    ctx: ScoringContext, joker: Joker, other: Joker | Consumable
) -> Effect | None:
    """Score something for another joker (Baseball Card).

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param other: The joker (or consumable) whose turn it is in the joker pass. It may
        be debuffed.
    :returns: An effect (mult, chips, ×mult), or ``None``.

    Called for each joker left to right, right after ``other``'s own main effect and
    before its Polychrome.

    .. versionadded:: 0.1
    """


@hookspec
def joker_retrigger_joker(
    ctx: ScoringContext, joker: Joker, other: Joker, context: str
) -> int | None:
    """Retrigger another joker's effect (Steamodded's ``retrigger_joker_check``; Cryptid's
    Chad retriggers the leftmost joker; no vanilla joker has one).

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param other: The joker whose effect just applied (it may be ``joker`` itself; a copier
        when it is a copy that acted).
    :param context: The hook that gave the effect: ``"joker_main"``, ``"joker_before"``,
        ``"joker_initial_scoring_step"``, ``"joker_individual"`` (once per scored card),
        ``"joker_held_individual"`` (once per held card), ``"joker_final_scoring_step"``
        or ``"joker_after"``.
    :returns: How many extra times ``other``'s hook runs and its effect applies, or
        ``None`` (a whole number up to 1,000).

    Called for each joker left to right (copies resolved, debuffed jokers left out), right
    after ``other``'s effect in ``context`` gave something (not ``None``); the retriggers,
    all of them, come next, each one recorded as a ``retrigger`` event crediting the
    retriggering joker (in the joker pass, before ``joker_other_joker`` reactions and
    ``other``'s Polychrome). The order of every retrigger: playing cards
    (``joker_repetition``), held cards (``joker_held_repetition``), then jokers (this
    hook), each in slot order.

    .. versionadded:: 0.2
    .. versionchanged:: 0.4
       Asked after every scoring context's effect, not only ``joker_main``'s; ``context``
       says which (check ``context == "joker_main"`` for the 0.2 behaviour).
    """


@hookspec
def joker_post_trigger(
    ctx: ScoringContext, joker: Joker, other: Joker, context: str, effect: Effect
) -> Effect | None:
    """Act right after another joker's effect applied, in any scoring context (Steamodded's
    ``post_trigger``).

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param other: The joker whose effect just applied (it may be ``joker`` itself; a
        copier when it is a copy that acted): Steamodded's ``other_card``.
    :param context: The hook that gave the effect (``other_context``):
        ``"joker_before"``, ``"joker_initial_scoring_step"``, ``"joker_individual"``
        (once per scored card), ``"joker_held_individual"`` (once per held card),
        ``"joker_main"``, ``"joker_other_joker"``, ``"joker_final_scoring_step"`` or
        ``"joker_after"``.
    :param effect: The effect that applied (``other_ret``).
    :returns: An effect, applied at once as an effect of that context (on the scored or
        held card for the card contexts; only money, hands, discards and notes in
        ``joker_before`` and ``joker_after``), credited to this joker; or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out) after
    every effect a joker's scoring hook gives, each retrigger's included; not after a
    ``joker_post_trigger``'s own effect (Steamodded's blacklist), nor after the hooks
    that give no effect. Run events' hooks (``joker_end_of_round``, ...) are not followed
    by it.

    .. versionadded:: 0.4
    """


@hookspec
def joker_final_scoring_step(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """Act once every joker has scored, before the score is totalled (Steamodded's
    ``final_scoring_step``).

    :param ctx: The hand being scored, its chips and mult after the joker pass.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect (mult, chips, ×mult, then dollars, applied as a joker's), or
        ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), after
    the joker pass (every joker's and consumable's main effect) and before the deck's
    ``deck_final_scoring_step`` (Plasma Deck); not for a hand the blind debuffs. No vanilla
    joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_destroying_card(ctx: ScoringContext, joker: Joker, card: Card) -> bool | None:
    """Decide whether a scoring card is destroyed after scoring (Sixth Sense).

    :param ctx: The scored hand.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: A scoring card.
    :returns: ``True`` to destroy it. The first joker that says so wins.

    Called for each scoring card left to right, after the final scoring step.

    .. versionadded:: 0.1
    """


@hookspec
def joker_cards_destroyed(game: GameCommands, joker: Joker, cards: Sequence[Card]) -> None:
    """React to playing cards being destroyed (Glass Joker, Canio).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param cards: The cards destroyed (shattered Glass included); may be empty.
        ``card.shattered`` tells a Glass card that broke (not one a Spectral card destroyed:
        the game tells the jokers before it breaks).

    Called for each joker left to right whenever cards are destroyed: after a hand's
    destruction step (before ``after``), after a discard that destroyed a card (Trading
    Card), and after a consumable destroys cards.

    .. versionadded:: 0.1
    """


@hookspec
def joker_after(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """Act after the hand has scored (Ice Cream melts, Seltzer counts down).

    :param ctx: The scored hand (debuffed or not).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect, or ``None``.

    Called for each joker left to right, last in every played hand.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: entering the game
# ---------------------------------------------------------------------------------------


@hookspec
def joker_created(game: GameCommands, joker: Joker) -> None:
    """Set up a new instance's counters that depend on the run (the game's ``set_ability``).

    :param game: The game.
    :param joker: The joker just made: offered in the shop or a pack, or created by an
        effect. It may never reach the joker row.

    Not called for jokers whose counters are given (a scenario, a loaded save, a copy).
    To Do List draws its poker hand here, on the game's ``to_do`` stream.

    .. versionadded:: 0.2
    """


@hookspec
def joker_added(game: GameCommands, joker: Joker) -> None:
    """React to this joker entering the joker area (the game's ``add_to_deck``).

    :param game: The game.
    :param joker: The joker just added (Chicot disables an active boss blind).

    Called once when the joker is added, after it has its slot.

    .. versionadded:: 0.1
    """


@hookspec
def joker_removed(game: GameCommands, joker: Joker) -> None:
    """React to this joker leaving the joker area (sold, destroyed).

    :param game: The game.
    :param joker: The joker, still in the row.

    Called once before the joker is removed. Passive effects need no undoing here: they
    are declared through ``joker_rules`` and vanish with the joker.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: the round
# ---------------------------------------------------------------------------------------


@hookspec
def joker_setting_blind(game: GameCommands, joker: Joker, blind: Blind) -> None:
    """Act when a blind is selected (Madness, Burglar, Riff-Raff, Marble Joker, Chicot, ...).

    :param game: The game; the blind is set, cards are not drawn yet.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param blind: The blind just selected.

    Called for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_first_hand_drawn(game: GameCommands, joker: Joker) -> None:
    """Act when the first hand of a round has been drawn (Certificate).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).

    Called for each joker left to right, once per round.

    .. versionadded:: 0.1
    """


@hookspec
def joker_stay_flipped(game: GameCommands, joker: Joker, card: Card) -> bool | None:
    """Draw a card face down, or keep it face up (Steamodded's ``stay_flipped``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: A card just drawn to the hand (``card.face_down`` says what the blind
        made of it: The Wheel, The House, The Mark, The Fish).
    :returns: ``True`` to turn it face down, ``False`` to keep it face up (Steamodded's
        ``prevent_stay_flipped``: it wins over every ``True`` and over the blind), or
        ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), for
    each card drawn to the hand, after the blind's ``blind_face_down`` and before the
    jokers hear of the draw (``joker_hand_drawn``). No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_hand_drawn(game: GameCommands, joker: Joker, cards: Sequence[Card]) -> None:
    """React to cards drawn to the hand (Steamodded's ``hand_drawn`` and ``other_drawn``).

    :param game: The game; ``game.run.phase`` tells a round's draw (``ROUND``) from a pack's
        (``PACK``: an Arcana or Spectral pack deals a hand).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param cards: The cards just drawn, in the order they were drawn (may be empty).

    Called for each joker left to right (copies resolved, debuffed jokers left out) after
    every draw to the hand: the round's first hand (before ``joker_first_hand_drawn``),
    after a play or a discard, and when a pack deals a hand.

    .. versionadded:: 0.4
    """


@hookspec
def joker_drawing_cards(game: GameCommands, joker: Joker, count: int) -> int | None:
    """Change how many cards are about to be drawn to the hand (Steamodded's
    ``drawing_cards``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param count: The cards to draw, as the jokers before this one left it (the blind's
        ``blind_draw_count`` has had its say: The Serpent).
    :returns: The number to draw instead (a whole number >= 0), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    given the count the one before it returned, before every refill of the hand: the
    round's first hand and the draws after a play or a discard.

    .. versionadded:: 0.4
    """


@hookspec
def joker_press_play(game: GameCommands, joker: Joker, cards: Sequence[Card]) -> None:
    """React to a hand being played, before it scores (Steamodded's ``press_play``).

    :param game: The game; the played cards are in the play area, the hand is spent.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param cards: The played cards, left to right.

    Called for each joker left to right (copies resolved, debuffed jokers left out), once
    per played hand, after the blind's ``blind_press_play`` (The Hook, The Tooth) and
    before the hand is scored.

    .. versionadded:: 0.4
    """


@hookspec
def joker_pre_discard(
    game: GameCommands, joker: Joker, cards: Sequence[Card], hook: bool
) -> Effect | None:
    """Act once before a discard (Burnt Joker).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param cards: The cards being discarded, left to right.
    :param hook: Whether The Hook is discarding them (it does not use a discard).
    :returns: An effect (``level_up`` levels the poker hand the cards make), or ``None``.

    Called for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_discard(
    game: GameCommands, joker: Joker, card: Card, cards: Sequence[Card]
) -> Effect | None:
    """React to one discarded card (Castle, Hit the Road, Mail-In Rebate, Trading Card, ...).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The discarded card this call is about.
    :param cards: Every card of the discard, left to right.
    :returns: An effect (``dollars``; ``destroy=True`` destroys ``card``), or ``None``.

    Called for each discarded card left to right, and for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_game_over(game: GameCommands, joker: Joker) -> bool | None:
    """Save a lost round (Mr. Bones).

    :param game: The game; the last hand has been played and the blind is not beaten.
    :param joker: The joker.
    :returns: ``True`` to save the run. The first joker that does wins.

    Called for each joker left to right when a round is lost, before the end-of-round
    pass. A joker that burns up in saving the run queues its destruction
    (:meth:`~balatro_ecs.game.Game.queue`), as Mr. Bones does: it is gone once the pass
    is over, after its own end-of-round step and its stickers' (rent).

    .. versionadded:: 0.1
    """


@hookspec
def joker_end_of_round(game: GameCommands, joker: Joker) -> Effect | None:
    """Act at the end of a won round (Egg, Gift Card, Popcorn, Gros Michel, Rocket, ...).

    :param game: The game; ``game.run.boss_defeated`` says whether it was a boss.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :returns: An effect (``dollars``), or ``None``.

    Called for each joker left to right, before the stickers it carries act
    (``sticker_end_of_round``: rent, Perishable's count).

    .. versionadded:: 0.1
    """


@hookspec
def joker_held_end_of_round(game: GameCommands, joker: Joker, card: Card) -> Effect | None:
    """Act on one card held in hand at the end of a won round (Steamodded's
    ``end_of_round`` with ``individual``, on the hand's cards).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The held card (never a debuffed one).
    :returns: An effect (its dollars paid at once, hands, discards), or ``None``; an effect
        counts as "something happened" for the card's retriggers (red seal, Mime).

    Called for each held card left to right, after the card's own enhancement and seal
    (Gold card, Blue Seal), for each joker left to right (copies resolved, debuffed jokers
    left out). No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_cash_out(game: GameCommands, joker: Joker) -> int | None:
    """Money this joker pays at cash-out (Golden Joker, Cloud 9, Rocket, Satellite, ...).

    :param game: The game, at the end of a won round.
    :param joker: The joker (never a copy: these payouts are not copied).
    :returns: Dollars to add to the round's payout, or ``None``.

    Called for each joker left to right while the payout is computed.

    .. versionadded:: 0.1
    """


@hookspec
def joker_reset_round(
    game: GameCommands, joker_type: JokerType, run_start: bool, shared: dict[str, Any]
) -> None:
    """Draw what a joker type reads for the next round into its run-state slots (The
    Idol's card, Mail-In Rebate's rank, Ancient Joker's and Castle's suits).

    :param game: The game: its deck as it is, its streams (``game.rng``).
    :param joker_type: The joker type, whether or not one is held; its slots
        (:attr:`~balatro_ecs.kernel.content.ContentType.run_state`) are in
        ``game.run.memory``.
    :param run_start: True when the run starts, False after a round.
    :param shared: A scratch dict the joker types of this one reset share, so that what
        several of them draw from is worked out once (the vanilla jokers keep the deck's
        ranked cards here, under ``"ranked cards"``: the cards with a rank, in creation
        order). Empty at the start of each reset, except in a new game still sharing its
        prepared start's cards: the engine puts them there then (as a tuple: read only),
        so that reading the deck does not copy the start.

    Called for every joker type of the plugin set that implements it, in the game's order
    of jokers, when a run starts and at the end of every round (the ``end_round`` event's
    ``targets`` phase). The draws must come from the game's named streams, so that a
    seed plays the same.

    .. versionadded:: 0.4
    """


@hookspec
def joker_ante_change(game: GameCommands, joker: Joker, change: int, ante_end: bool) -> int | None:
    """Change by how much the ante is about to change, and react to it (Steamodded's
    ``modify_ante`` and ``ante_change``).

    :param game: The game (``game.run.ante`` is the ante before the change).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param change: The change as the jokers before this one left it: ``1`` when a boss is
        beaten, ``-1`` for Hieroglyph and Petroglyph.
    :param ante_end: True when a boss was beaten (Steamodded's ``ante_end``), False for any
        other change (a voucher's, a mod's :meth:`Game.change_ante
        <balatro_ecs.game.Game.change_ante>`).
    :returns: The change instead (a whole number: ``0`` keeps the ante), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    given the change the one before it returned, before every change of the ante. No
    vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_blind_disabled(game: GameCommands, joker: Joker, blind: Blind) -> None:
    """React to the blind being disabled mid-round (Steamodded's ``blind_disabled``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param blind: The blind, just disabled (its ``blind_disabled`` has undone its effects).

    Called for each joker left to right (copies resolved, debuffed jokers left out), once
    per disabling (Chicot, Luchador, a mod's command).

    .. versionadded:: 0.4
    """


@hookspec
def joker_debuff_card(game: GameCommands, joker: Joker, card: Card) -> bool | None:
    """Debuff a playing card, or keep it from being debuffed (Steamodded's ``debuff_card``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The playing card whose debuff is being decided.
    :returns: ``True`` to debuff it, ``False`` to keep it from being debuffed (Steamodded's
        ``prevent_debuff``: it wins over every ``True`` and over the blind), or ``None`` to
        leave it to the other jokers and the blind.

    Called for each joker left to right (copies resolved, debuffed jokers left out),
    wherever the game asks the blind whether a card is debuffed: for every playing card
    when a blind is set, disabled or over, when the rules or the joker row change, and
    for a card made or changed (``game.card_changed``). The blind's ``blind_debuff_card``
    is asked only when no joker had a say. A joker's verdict lasts until the next time the
    card is asked about, blind or none; jokers are debuffed with ``game.set_joker_debuff``.
    No vanilla joker has one.

    .. versionadded:: 0.4
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: chances
# ---------------------------------------------------------------------------------------


@hookspec
def joker_mod_probability(
    game: GameCommands, joker: Joker, numerator: float, denominator: float, key: str, source: Any
) -> tuple[float, float] | None:
    """Change the odds of a "1 in N" roll before the game's probability scales them
    (Steamodded's ``mod_probability``).

    :param game: The game (during a hand, ``ctx.game``).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param numerator: The roll's numerator, as the jokers before this one left it (``1``
        for the first: every roll of the game is "1 in N").
    :param denominator: Its denominator (the ``N``).
    :param key: The roll's stream (``"lucky_mult"``, ``"bloodstone"``, ``"wheel"``...),
        which names what rolls (Steamodded's ``identifier``).
    :param source: The card or joker that rolls when the roll names it (Steamodded's
        ``trigger_obj``), else ``None``.
    :returns: ``(numerator, denominator)`` instead (numbers, the denominator > 0), or
        ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    given what the one before it returned, at every roll of ``game.chance`` and
    ``ctx.chance``; the game's probability (Oops! All 6s) then multiplies the numerator,
    and ``joker_fix_probability`` has the last word. The roll succeeds when its draw is
    below ``numerator / denominator``; the stream moves on whatever the odds. A game
    whose content has none of the probability hooks rolls as it always did. No vanilla
    joker has one (Oops! All 6s is ``Rules.probability_scale``).

    .. versionadded:: 0.4
    """


@hookspec
def joker_fix_probability(
    game: GameCommands, joker: Joker, numerator: float, denominator: float, key: str, source: Any
) -> tuple[float, float] | None:
    """Set the odds of a "1 in N" roll after every other change (Steamodded's
    ``fix_probability``).

    :param game: The game (during a hand, ``ctx.game``).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param numerator: The numerator, scaled by the game's probability, as the jokers
        before this one left it.
    :param denominator: The denominator.
    :param key: The roll's stream.
    :param source: The card or joker that rolls, or ``None``.
    :returns: ``(numerator, denominator)`` instead, or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), after
    ``joker_mod_probability`` and the game's probability, at every roll.

    .. versionadded:: 0.4
    """


@hookspec
def joker_pseudorandom_result(
    game: GameCommands,
    joker: Joker,
    result: bool,
    numerator: float,
    denominator: float,
    key: str,
    source: Any,
) -> None:
    """Hear how a "1 in N" roll went (Steamodded's ``pseudorandom_result``).

    :param game: The game (during a hand, ``ctx.game``).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param result: Whether the roll succeeded.
    :param numerator: The odds it was rolled at, as the jokers left them.
    :param denominator: Their denominator.
    :param key: The roll's stream.
    :param source: The card or joker that rolled, or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out) just
    after every roll of ``game.chance`` and ``ctx.chance`` (Steamodded tells them after
    the effect that rolled; here, at once).

    .. versionadded:: 0.4
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: what the pools offer
# ---------------------------------------------------------------------------------------


@hookspec
def joker_modify_weights(
    game: GameCommands, joker: Joker, pool: str, items: Sequence[str], weights: Sequence[float]
) -> Sequence[float] | None:
    """Change how likely each item of a pool is to be drawn (Steamodded's
    ``modify_weights``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param pool: What is drawn, by Steamodded's type name: ``"Joker"`` (a joker of the
        rarity just rolled: the shop, a Buffoon Pack, Judgement, Riff-raff...), a consumable
        set's name (``"Tarot"``, ``"Planet"``, ``"Spectral"``, a pack's set), ``"Voucher"``,
        ``"Tag"``, ``"Blind"`` (the ante's boss, among the least used eligible ones) or
        ``"Booster"`` (a shop pack).
    :param items: The keys that may be drawn now, in the pool's order (owned, hidden or
        locked ones are not there).
    :param weights: Their weights as the jokers before this one left them: ``1.0`` each for
        the uniform pools, the packs' declared ``weight`` for ``"Booster"``.
    :returns: New weights, one number ``>= 0`` per item (``0`` takes the item out of this
        draw; ``2`` makes it twice as likely as one weighing ``1``), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    given the weights the one before it returned, at every draw from a pool. The draw stays
    the game's: one roll on the pool's own stream (``Joker1sho1``, ``Tarot2``,
    ``Voucher3``, ``Tag1``, ``boss``, ``shop_pack1``), read against the running total of
    the weights; an unavailable entry of the pool weighs what an average item weighs and
    is drawn again as the game draws again (``..._resample2``), so with equal weights the
    draw is the game's, item for item. An item weighted ``0`` is unavailable for the draw;
    when no item is left, a pool draws its fallback (the game's Joker, Blank, Handy Tag,
    a set's fallback) and a boss or pack is drawn as if no joker had changed the weights.
    A game whose content implements no such hook draws as it always did. Card modifiers
    (editions, seals, enhancements), the rarity roll and a pack's soul roll (The Soul,
    Black Hole) are not pools here: a pack weighs its kinds with ``weight``. No vanilla
    joker has one.

    .. versionadded:: 0.4
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: money, hand levels and tags
# ---------------------------------------------------------------------------------------


@hookspec
def joker_money(game: GameCommands, joker: Joker, dollars: int, source: Any) -> int | None:
    """Change an amount of money about to be earned or spent (Steamodded's
    ``money_altered`` and ``modify_final_cashout``; Bunco's Fiendish Joker doubles every
    gain).

    :param game: The game; ``game.run.dollars`` is the money before the change.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param dollars: The change as the jokers before this one left it: positive for money
        gained, negative for money spent.
    :param source: What the money comes from or goes to: the joker, card or consumable that
        pays (Golden Joker's ``"Golden Joker"`` line is ``"cash out"``), ``"cash out"`` for
        the round's payout (blind, hands left, interest, jokers' payouts: one amount),
        the card or joker whose effect paid while a hand scored (each effect's money comes
        through on its own, at the end of the hand), the card sold or bought, a voucher's
        or pack's key, ``"reroll"``.
    :returns: The amount instead (a whole number; ``0`` cancels the change), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    given the amount the one before it returned, on every change of money
    (:meth:`Game.earn <balatro_ecs.game.Game.earn>`); money earned by these hooks' own
    commands is not passed through them again. No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_hand_levelled(
    game: GameCommands, joker: Joker, hand: HandType, levels: int, source: Any
) -> None:
    """React to a poker hand changing level (Steamodded's ``poker_hand_changed``; Bunco's
    Head in the Clouds levels High Card too).

    :param game: The game; the hand's level is already changed (``game.run.hand(hand)``).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param hand: The poker hand.
    :param levels: How many levels it gained (negative: lost).
    :param source: What levelled it: a Planet card's name, a joker (Space Joker, Burnt
        Joker), a tag's name (Orbital Tag), ``None`` when not named.

    Called for each joker left to right (copies resolved, debuffed jokers left out), after
    every change of a hand's level (:meth:`Game.level_up
    <balatro_ecs.game.Game.level_up>`, a Planet, a joker's ``level_up`` effect while a hand
    scores). A hook that levels a hand itself is called again for that change: check
    ``source``.

    .. versionadded:: 0.4
    """


@hookspec
def joker_tag_gained(game: GameCommands, joker: Joker, tag: TagType) -> None:
    """React to a tag being gained (Steamodded's ``tag_added``).

    :param game: The game; the tag is held already (the last of ``game.run.tags``).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param tag: The tag gained.

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    time a tag is gained (a blind skipped, a Double Tag's copy, an effect's
    :meth:`Game.gain_tag <balatro_ecs.game.Game.gain_tag>`), before the held tags react to
    it and before it acts at once (Orbital Tag).

    .. versionadded:: 0.4
    """


@hookspec
def joker_prevent_tag_trigger(
    game: GameCommands, joker: Joker, tag: TagType, trigger: str, subject: Any
) -> bool | None:
    """Keep a held tag from acting now (Steamodded's ``prevent_tag_trigger``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param tag: The tag about to be asked to act.
    :param trigger: Its trigger point (``"immediate"``, ``"tag_add"``,
        ``"new_blind_choice"``, ``"store_joker_create"``, ``"store_joker_modify"``,
        ``"shop_start"``, ``"voucher_add"``, ``"shop_final_pass"``, ``"eval"``,
        ``"round_start_bonus"``: Steamodded's ``other_context.type``).
    :param subject: What the tag would act on (as ``tag_apply`` gets it).
    :returns: ``True`` to keep it from acting (it stays held, and is asked again at its
        next trigger point), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out) each
    time a held tag would be asked to act (``tag_apply``), whether or not it would act
    then; not when a tag is only shown on the blind select screen. No vanilla joker has
    one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_tag_used(game: GameCommands, joker: Joker, tag: TagType) -> None:
    """React to a held tag acting and being used up (Steamodded's ``tag_triggered``).

    :param game: The game; the tag is no longer held.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param tag: The tag used.

    Called for each joker left to right (copies resolved, debuffed jokers left out), right
    after a tag acted (its ``tag_apply`` returned something).

    .. versionadded:: 0.4
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: the shop and the cards that come and go
# ---------------------------------------------------------------------------------------


@hookspec
def joker_shop_opened(game: GameCommands, joker: Joker) -> None:
    """Act when the shop opens (Steamodded's ``starting_shop``; Bunco's Running Joke
    offers a Negative Joker).

    :param game: The game; the shop is stocked (cards, voucher, packs) and open, so
        :meth:`Game.offer <balatro_ecs.game.Game.offer>` and :meth:`Game.offer_pack
        <balatro_ecs.game.Game.offer_pack>` add to it.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).

    Called for each joker left to right (copies resolved, debuffed jokers left out), once
    per visit, after the held tags' last word on the shop (``shop_final_pass``).

    .. versionadded:: 0.4
    """


@hookspec
def joker_shop_card(game: GameCommands, joker: Joker, card: Joker | Consumable | Card) -> None:
    """React to a card put on sale in the shop's card row (Steamodded's
    ``modify_shop_card``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The card on sale (its price may be changed: :meth:`Game.make_free
        <balatro_ecs.game.Game.make_free>`).

    Called for each joker left to right (copies resolved, debuffed jokers left out), for
    each card the shop stocks (on opening, on a reroll, for a new slot), after the held
    tags changed it (Foil Tag & co.).

    .. versionadded:: 0.4
    """


@hookspec
def joker_card_bought(game: GameCommands, joker: Joker, item: Any) -> None:
    """React to anything bought in the shop (Steamodded's ``buying_card``; Cryptid's
    Cursor grows).

    :param game: The game; the item is paid for and taken.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param item: What was bought: a :class:`~balatro_ecs.game.jokers.Joker` (``item is
        joker``: this joker is the one bought, Steamodded's ``buying_self``), a
        :class:`~balatro_ecs.game.jokers.Consumable`, a playing
        :class:`~balatro_ecs.game.cards.Card`, a voucher's
        :class:`~balatro_ecs.kernel.content.VoucherType` or a booster pack's
        :class:`~balatro_ecs.kernel.content.BoosterType`.

    Called for each joker left to right (copies resolved, debuffed jokers left out), once
    per purchase: a card (after it joins its row; before it is used, for one bought and
    used at once), a voucher (after it is redeemed), a pack (before it opens).

    .. versionadded:: 0.4
    """


@hookspec
def joker_rearranged(game: GameCommands, joker: Joker, source: Any) -> None:
    """React to the joker row being rearranged (Bunco's Joker Knight resets).

    :param game: The game; the row is in its new order.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param source: What rearranged the row: ``None`` when the player moved a joker
        (:class:`~balatro_ecs.actions.MoveJoker`), else what
        :meth:`Game.rearrange_jokers <balatro_ecs.game.Game.rearrange_jokers>` or
        :meth:`Game.shuffle_jokers <balatro_ecs.game.Game.shuffle_jokers>` was given
        (Amber Acorn's shuffle: the blind).

    Called for each joker left to right (copies resolved, debuffed jokers left out), after
    each rearrangement.

    .. versionadded:: 0.4
    """


@hookspec
def joker_card_added(game: GameCommands, joker: Joker, item: Joker | Consumable) -> None:
    """React to a joker or consumable joining its row (Steamodded's ``card_added``; for
    playing cards, ``joker_cards_added``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param item: The joker or consumable added (``item is joker``: this joker itself).

    Called for each joker left to right (copies resolved, debuffed jokers left out), each
    time a joker or a consumable is put in its row (bought, picked, created), after its own
    ``joker_added``.

    .. versionadded:: 0.4
    """


@hookspec
def joker_type_destroyed(
    game: GameCommands, joker: Joker, destroyed: Joker, source: Any
) -> bool | None:
    """Hear that a joker is about to be destroyed, and maybe keep it (Steamodded's
    ``joker_type_destroyed`` and its ``no_destroy``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param destroyed: The joker about to be destroyed (it may be ``joker`` itself).
    :param source: What destroys it (Madness, Ceremonial Dagger, Hex, Ankh, Mr. Bones, the
        joker itself when it melts: Ice Cream, Seltzer).
    :returns: ``True`` to keep it (it stays in the row, and the breakdown notes "not
        destroyed"), or ``None``.

    Called for each joker left to right (copies resolved, debuffed jokers left out), the
    one about to go included, whenever a joker is destroyed by an effect
    (``game.destroy_joker``, or ``ctx.destroy_joker`` once the hand is over), after a
    sticker's veto (Eternal) and before its own ``joker_removed``. Not for a joker sold,
    nor one that uses itself up outside a hand (Gros Michel, Popcorn), nor consumables.
    No vanilla joker has one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_sold(game: GameCommands, joker: Joker) -> None:
    """React to this joker being sold (Luchador, Diet Cola, Invisible Joker).

    :param game: The game.
    :param joker: The joker being sold (still in the row), or a
        :class:`~balatro_ecs.game.jokers.CopiedJoker` when the card sold is a Blueprint or
        Brainstorm copying this joker: as in the game, selling the copier runs the
        copied joker's selling effect (Luchador, Diet Cola).

    Called once, before the sale's money is paid and the joker removed; not for a
    debuffed joker.

    .. versionadded:: 0.1
    """


@hookspec
def joker_card_sold(game: GameCommands, joker: Joker, sold: Joker | Consumable) -> None:
    """React to any joker or consumable being sold (Campfire).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param sold: The card being sold.

    Called for each joker left to right on every sale.

    .. versionadded:: 0.1
    """


@hookspec
def joker_reroll(game: GameCommands, joker: Joker) -> None:
    """React to a shop reroll (Flash Card).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).

    Called for each joker left to right after every reroll.

    .. versionadded:: 0.1
    """


@hookspec
def joker_leaving_shop(game: GameCommands, joker: Joker) -> None:
    """Act when the player leaves the shop (Perkeo).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).

    Called for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_blind_skipped(game: GameCommands, joker: Joker) -> None:
    """React to a blind being skipped.

    :param game: The game (``game.run.skips`` already counts this skip).
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).

    Called for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_booster_skipped(game: GameCommands, joker: Joker) -> None:
    """React to a booster pack being skipped (Red Card).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).

    Called for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_booster_opened(game: GameCommands, joker: Joker, booster: str) -> None:
    """React to a booster pack being opened (Hallucination).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param booster: The pack's key.

    Called for each joker left to right.

    .. versionadded:: 0.1
    """


@hookspec
def joker_booster_closed(game: GameCommands, joker: Joker, booster: str) -> None:
    """React to a booster pack closing, picked out or skipped (Steamodded's
    ``ending_booster``).

    :param game: The game; the pack is closed.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param booster: The pack's key.

    Called for each joker left to right (copies resolved, debuffed jokers left out), once
    per pack, after the last pick or the skip.

    .. versionadded:: 0.4
    """


@hookspec
def joker_consumable_used(game: GameCommands, joker: Joker, consumable: Consumable) -> None:
    """React to a consumable being used (Constellation).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param consumable: The card used.

    Called for each joker left to right, after the consumable has acted.

    .. versionadded:: 0.1
    """


@hookspec
def joker_card_changed(
    game: GameCommands,
    joker: Joker,
    card: Card,
    before: CardSpec | None,
    after: CardSpec,
    source: Any,
) -> None:
    """React to a playing card's rank, suit, enhancement, edition or seal being changed
    (Steamodded's ``change_rank``, ``change_suit`` and ``setting_ability``).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param card: The card changed, as it is now.
    :param before: The card as it was (compare ``before.rank`` with ``after.rank``:
        Steamodded's ``old_rank``/``new_rank``, ``old_suit``/``new_suit``, ``old``/``new``
        for the enhancement), or ``None`` when the content that changed it did not say
        (``game.card_changed(card, source)`` without ``before``).
    :param after: The card as it is now, as a :class:`~balatro_ecs.game.cards.CardSpec`.
    :param source: What changed it (a Tarot's or a Spectral's name, the joker).

    Called for each joker left to right (copies resolved, debuffed jokers left out) after
    each change, once per card: every change through ``game.card_changed`` (the Tarots
    and Spectrals that change cards: the suits, Strength, Death, the enhancements, Sigil,
    Ouija, Aura, the seals) and ``ctx.set_enhancement`` while a hand scores (Midas Mask,
    Vampire), after the blind has looked at the card again. A card made (Cryptid, DNA)
    is an added card (``joker_cards_added``), not a changed one.

    .. versionadded:: 0.4
    """


@hookspec
def joker_cards_added(game: GameCommands, joker: Joker, cards: Sequence[Card]) -> None:
    """React to playing cards joining the deck (Hologram).

    :param game: The game.
    :param joker: The joker (a :class:`~balatro_ecs.game.jokers.CopiedJoker` when copied).
    :param cards: The new cards.

    Called for each joker left to right whenever cards are added to the deck by an effect
    (Marble Joker, Certificate, DNA, Standard packs, ...).

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Consumable content hooks
# ---------------------------------------------------------------------------------------


@hookspec
def consumable_main(ctx: ScoringContext, consumable: Consumable) -> Effect | None:
    """A held consumable's effect on the hand (Planets under Observatory).

    :param ctx: The hand being scored.
    :param consumable: The consumable card.
    :returns: An effect (mult, chips, ×mult), or ``None``.

    Called for each consumable left to right, after every joker's main effect.

    .. versionadded:: 0.1
    """


@hookspec
def consumable_can_use(
    game: GameCommands, consumable: Consumable, targets: Sequence[Card]
) -> bool | str | None:
    """Say whether the consumable can be used now, on these selected cards.

    :param game: The game.
    :param consumable: The card.
    :param targets: The selected cards in hand, left to right (often empty).
    :returns: ``True`` if it can be used; a string saying why not (``"select 1 to 2
        cards"``), or ``None``/``False`` for a plain no.

    Called to build the legal actions and before every use. Must not change the game.
    When the answer depends on the selected cards only through how many there are, mark
    the implementation with :func:`by_count`: the legal actions then ask once per number
    of cards, not once per choice of cards.

    .. versionadded:: 0.1
    """


@hookspec
def consumable_use(game: GameCommands, consumable: Consumable, targets: Sequence[Card]) -> None:
    """Use the consumable (a Planet levels up its poker hand).

    :param game: The game.
    :param consumable: The card being used; it is removed afterwards.
    :param targets: The selected cards in hand, left to right.

    Called once per use, after ``consumable_can_use`` said yes.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Blind content hooks (the active blind only)
# ---------------------------------------------------------------------------------------


@hookspec
def blind_debuff_card(game: GameCommands, blind: Blind, card: Card) -> bool | None:
    """Say whether the blind debuffs a playing card (The Club, The Plant, The Pillar, ...).

    :param game: The game.
    :param blind: The active blind (never called while it is disabled).
    :param card: A playing card.
    :returns: ``True`` to debuff it.

    Called for every playing card when the blind is set and when its state changes.

    .. versionadded:: 0.1
    """


@hookspec
def blind_debuff_hand(ctx: ScoringContext, blind: Blind) -> bool | None:
    """Say whether the blind refuses to score the whole hand (The Psychic, The Eye, The Mouth).

    :param ctx: The hand being played (detected, not yet scored).
    :param blind: The active blind (never called while it is disabled).
    :returns: ``True`` to score the hand 0; jokers then see only ``joker_debuffed_hand``.

    Called once per played hand, before anything else acts on it. Must not change the
    game: it may also be asked about hands that are not played.

    .. versionadded:: 0.1
    """


@hookspec
def blind_before_hand(ctx: ScoringContext, blind: Blind) -> None:
    """Act on a hand the blind lets through, before it scores (The Arm, The Ox, The Eye).

    :param ctx: The hand being played.
    :param blind: The active blind (never called while it is disabled).

    Called once per played hand that is not debuffed, before any joker's ``before``.
    Set ``blind.triggered`` when the blind's ability fires (Matador reads it).

    .. versionadded:: 0.1
    """


@hookspec
def blind_modify_hand(
    ctx: ScoringContext, blind: Blind, chips: float, mult: float
) -> tuple[float, float] | None:
    """Change the hand's base chips and mult (The Flint).

    :param ctx: The hand being scored.
    :param blind: The active blind (never called while it is disabled).
    :param chips: Base chips from the hand's level.
    :param mult: Base mult from the hand's level.
    :returns: The new ``(chips, mult)``, or ``None`` to leave them.

    Called once per scored hand, after the jokers' ``before`` and before the first card.

    .. versionadded:: 0.1
    """


@hookspec
def blind_set(game: GameCommands, blind: Blind) -> None:
    """Apply the blind's round effects when it is selected (The Water, The Needle, The Manacle).

    :param game: The game; hands and discards for the round are already set.
    :param blind: The blind (not called while it is disabled).

    Called once when the blind is selected, before the jokers' ``joker_setting_blind``.

    .. versionadded:: 0.1
    """


@hookspec
def blind_disabled(game: GameCommands, blind: Blind) -> None:
    """Undo the blind's round effects when it is disabled mid-round (Chicot, Luchador).

    :param game: The game.
    :param blind: The blind, just disabled.

    Called once, when the blind is disabled while it is being played.

    .. versionadded:: 0.1
    """


@hookspec
def blind_press_play(game: GameCommands, blind: Blind, cards: Sequence[Card]) -> None:
    """Act when a hand is played, before it scores (The Hook, The Tooth).

    :param game: The game; the played cards are in the play area.
    :param blind: The blind (not called while it is disabled).
    :param cards: The played cards.

    Called once per played hand.

    .. versionadded:: 0.1
    """


@hookspec
def blind_drawn(game: GameCommands, blind: Blind) -> None:
    """Act after cards are drawn to hand (Cerulean Bell, Crimson Heart).

    :param game: The game.
    :param blind: The blind (not called while it is disabled).

    Called after every draw during the round.

    .. versionadded:: 0.1
    """


@hookspec
def blind_face_down(game: GameCommands, blind: Blind, card: Card) -> bool | None:
    """Say whether a card being drawn comes face down (The House, The Wheel, The Mark, The Fish).

    :param game: The game.
    :param blind: The blind (not called while it is disabled).
    :param card: The card being drawn.
    :returns: ``True`` to draw it face down.

    Called for every card drawn to hand during the round.

    .. versionadded:: 0.1
    """


@hookspec
def blind_draw_count(game: GameCommands, blind: Blind, wanted: int) -> int | None:
    """Change how many cards are drawn after a play or discard (The Serpent).

    :param game: The game.
    :param blind: The blind (not called while it is disabled).
    :param wanted: The cards needed to refill the hand.
    :returns: How many to draw instead, or ``None``.

    Called before every draw after a play or a discard (not the round's first draw).

    .. versionadded:: 0.1
    """


@hookspec
def blind_joker_sold(game: GameCommands, blind: Blind) -> None:
    """React to a joker being sold during the blind (Verdant Leaf disables itself).

    :param game: The game.
    :param blind: The blind (not called while it is disabled).

    Called after every joker sale while the blind is active.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Deck content hooks (the chosen deck only)
# ---------------------------------------------------------------------------------------


@hookspec
def deck_final_scoring_step(
    ctx: ScoringContext, deck: Deck, chips: float, mult: float
) -> tuple[float, float] | None:
    """Change chips and mult at the very end of scoring (Plasma Deck).

    :param ctx: The hand being scored.
    :param deck: The deck.
    :param chips: Chips after every joker.
    :param mult: Mult after every joker.
    :returns: The new ``(chips, mult)``, or ``None`` to leave them.

    Called once per scored hand, after the joker pass and before cards are destroyed.

    .. versionadded:: 0.1
    """


@hookspec
def deck_starting_cards(
    game: GameCommands, deck: Deck, cards: list[CardSpec]
) -> list[CardSpec] | None:
    """Change the starting cards before they are created (Abandoned Deck, Erratic Deck).

    :param game: The new game, still empty.
    :param deck: The deck.
    :param cards: The 52 standard cards.
    :returns: The cards to start with instead, or ``None`` to keep them. The engine sorts
        them as the game does before creating them.

    Called once when the run starts.

    .. versionadded:: 0.1
    """


@hookspec
def deck_apply(game: GameCommands, deck: Deck) -> None:
    """Set up the run for this deck (starting money, hands, cards, vouchers, ...).

    :param game: The new game: run parameters at their defaults, the 52 starting cards
        created, nothing drawn yet.
    :param deck: The deck.

    Called once when the run starts, before the stakes apply.

    .. versionadded:: 0.1
    """


@hookspec
def deck_boss_defeated(game: GameCommands, deck: Deck) -> None:
    """Act when a boss blind is defeated (Anaglyph Deck).

    :param game: The game, at the end of the boss round.
    :param deck: The deck.

    Called once per defeated boss.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Stake and voucher content hooks
# ---------------------------------------------------------------------------------------


@hookspec
def stake_apply(game: GameCommands, stake: StakeType) -> None:
    """Apply a stake's difficulty to the run.

    :param game: The new game (the deck has been applied).
    :param stake: The stake; a run at stake N calls this for every stake up to N, lowest
        first.

    Called once per applied stake when the run starts.

    .. versionadded:: 0.1
    """


@hookspec
def voucher_redeem(game: GameCommands, voucher: VoucherType) -> None:
    """Apply a voucher's lasting effect when it is redeemed (bought, or given by a deck).

    :param game: The game.
    :param voucher: The voucher.

    Called once per redemption.

    .. versionadded:: 0.1
    """


@hookspec
def voucher_rules(game: GameCommands, voucher: VoucherType, rules: Rules) -> None:
    """Change rule parameters while the voucher is owned.

    :param game: The game.
    :param voucher: The voucher.
    :param rules: The rules being built.

    Called for every owned voucher whenever the rules are rebuilt.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Tag content hooks (held tags, oldest first)
# ---------------------------------------------------------------------------------------


@hookspec
def tag_apply(game: GameCommands, tag: TagType, trigger: str, subject: Any) -> Any:
    """Act at one of the tag's trigger points; return something to be used up.

    :param game: The game.
    :param tag: The held tag.
    :param trigger: The trigger point: ``"immediate"`` (just gained), ``"tag_add"``
        (another tag was gained; ``subject`` is its key), ``"store_joker_create"`` (return
        the card the shop offers), ``"store_joker_modify"`` (``subject`` is a new shop card),
        ``"shop_start"``, ``"voucher_add"``, ``"shop_final_pass"``, ``"eval"`` (return
        dollars paid at cash-out) or ``"round_start_bonus"``.
    :param subject: What the trigger is about, or ``None``.
    :returns: ``None`` if the tag does nothing now; anything else uses the tag up.

    Called for each held tag, oldest first, at every trigger point.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Enhancement content hooks (the card's own enhancement only)
# ---------------------------------------------------------------------------------------


@hookspec
def enhancement_scored(ctx: ScoringContext, card: Card) -> Effect | None:
    """What a scored card of this enhancement gives besides its chips (Mult, Glass, Lucky).

    :param ctx: The hand being scored (its chips and mult are live).
    :param card: The scoring card being evaluated (again on each retrigger).
    :returns: An effect, or ``None``. Its chips join the card's rank chips (one figure);
        then its mult, its dollars (with the seal's), and its ×mult apply, in that order.
        Set ``ctx.lucky_trigger`` when a chance came off (Lucky Cat watches it).

    Called once per evaluation of a non-debuffed scoring card, before its seal's
    ``seal_scored``, its edition and the jokers' ``joker_individual``. Chips that need no
    code are declared instead (:attr:`EnhancementType.chips
    <balatro_ecs.kernel.content.EnhancementType.chips>`).

    .. versionadded:: 0.2
    """


@hookspec
def enhancement_held(ctx: ScoringContext, card: Card) -> Effect | None:
    """What a card of this enhancement gives while held in hand as a hand scores (Steel).

    :param ctx: The hand being scored.
    :param card: The held card (never a debuffed one).
    :returns: An effect (dollars, mult, ×mult, chips, applied in that order), or
        ``None``; an effect counts as "something happened" for the card's retriggers.

    Called for each held card left to right, before the jokers' ``joker_held_individual``,
    and again on each retrigger (red seal, Mime).

    .. versionadded:: 0.2
    """


@hookspec
def enhancement_destroy(ctx: ScoringContext, card: Card) -> bool | None:
    """Whether a scored card of this enhancement breaks once the hand has scored (Glass).

    :param ctx: The hand being scored (roll chances with :meth:`ctx.chance
        <balatro_ecs.game.scoring.context.ScoringContext.chance>`).
    :param card: A non-debuffed scoring card.
    :returns: ``True`` to destroy the card.

    Called for each scoring card left to right after the jokers' ``joker_destroying_card``
    (even when a joker already destroys it: the roll is made all the same).

    .. versionadded:: 0.2
    """


@hookspec
def enhancement_end_of_round(game: GameCommands, card: Card) -> Effect | None:
    """What a card of this enhancement gives when held in hand at the end of a round (Gold).

    :param game: The game.
    :param card: The held card (never a debuffed one).
    :returns: An effect whose dollars are paid at once, or ``None``; an effect counts as
        "something happened" for the card's retriggers (red seal, Mime).

    Called for each held card left to right when a blind is beaten, before its seal's
    ``seal_end_of_round``.

    .. versionadded:: 0.2
    """


# ---------------------------------------------------------------------------------------
# Edition content hooks (the card's or joker's own edition only)
# ---------------------------------------------------------------------------------------


@hookspec
def edition_scored(ctx: ScoringContext, target: Card | Joker | Consumable) -> Effect | None:
    """What this edition gives when the card or joker carrying it scores (Foil, Holo,
    Polychrome).

    :param ctx: The hand being scored.
    :param target: The scoring playing card, or the joker or consumable in the joker
        pass (never a debuffed one).
    :returns: An effect (chips, mult, then ×mult), or ``None``. On a joker, chips and
        mult apply before the joker's own effect and ×mult after it and after the
        joker-on-joker effects, as the game applies an edition.

    Called once per evaluation of a playing card, after its enhancement and seal and
    before the jokers' ``joker_individual``; once per joker and consumable in the joker
    pass.

    .. versionadded:: 0.2
    """


# ---------------------------------------------------------------------------------------
# Seal content hooks (the card's own seal only)
# ---------------------------------------------------------------------------------------


@hookspec
def seal_scored(ctx: ScoringContext, card: Card) -> Effect | None:
    """What a scored card with this seal gives (Gold Seal: $3).

    :param ctx: The hand being scored.
    :param card: The scoring card being evaluated (again on each retrigger).
    :returns: An effect, or ``None``. Its chips join the card's chips, its dollars join
        the enhancement's; its mult and ×mult apply after the enhancement's.

    Called once per evaluation of a non-debuffed scoring card, after its enhancement's
    ``enhancement_scored``. Retriggers are declared (:attr:`SealType.retriggers
    <balatro_ecs.kernel.content.SealType.retriggers>`), not hooked.

    .. versionadded:: 0.2
    """


@hookspec
def seal_discard(game: GameCommands, card: Card) -> None:
    """Act when a card with this seal is discarded (Purple Seal: a Tarot).

    :param game: The game.
    :param card: The discarded card (never a debuffed one), still in hand.

    Called for each discarded card left to right, before the jokers' ``joker_discard``.

    .. versionadded:: 0.2
    """


@hookspec
def seal_end_of_round(game: GameCommands, card: Card) -> bool | None:
    """Act when a card with this seal is held in hand at the end of a round (Blue Seal).

    :param game: The game.
    :param card: The held card (never a debuffed one).
    :returns: ``True`` when something happened (the card's retriggers then run it again).

    Called for each held card left to right when a blind is beaten, after its
    enhancement's ``enhancement_end_of_round``.

    .. versionadded:: 0.2
    """


# ---------------------------------------------------------------------------------------
# Poker hand content hooks (every hand of the plugin set, best first)
# ---------------------------------------------------------------------------------------


@hookspec
def poker_hand_detect(cards: Sequence[DetectCard], parts: HandParts) -> Sequence[int] | None:
    """Whether the played cards make, or contain, this poker hand, and which of them score.

    :param cards: The played cards, left to right, as ``(rank, suits, order)`` tuples:
        ``rank`` 2..14 (negative for a card without a rank, such as Stone: it never pairs
        and never joins a straight), ``suits`` the bitmask of suits the card counts as for
        a flush (Spades 1, Hearts 2, Clubs 4, Diamonds 8; Wild and Smeared Joker already
        folded in), ``order`` ranking cards for "highest card".
    :param parts: What every hand is built from, computed once per detection
        (:class:`~balatro_ecs.game.hands.HandParts`): same-rank groups (``parts.same(3)``), the
        flush, the straight and the highest card under the rules in force (Four Fingers,
        Shortcut), and the rules themselves.
    :returns: The positions (indices into ``cards``) of the cards that score when this
        is the played hand, or ``None`` (or an empty sequence) when the cards do not
        contain it. Stone cards (and, with Splash, every card) are added by the engine.

    Called for each poker hand of the plugin set, best first, when a new combination of
    cards is played, discarded (Burnt Joker) or looked at; the best hand found is the
    played hand, and every hand found is "contained" (jokers such as Jolly Joker ask
    ``ctx.contains("Pair")``), so a hand should also be found inside better hands that
    contain it (a Pair inside Three of a Kind). Results are cached by the cards and
    rules: the hook must depend on nothing else.

    .. versionadded:: 0.2
    """


# ---------------------------------------------------------------------------------------
# Booster pack content hooks (the opened pack only)
# ---------------------------------------------------------------------------------------


@hookspec
def booster_card(game: GameCommands, booster: BoosterType, index: int) -> Joker | Consumable | Card:
    """Make one card of this booster pack, as it is opened (what the pack holds).

    :param game: The game (its ``rng`` streams make the draws reproducible).
    :param booster: The pack being opened (one plugin may serve several sizes of a kind).
    :param index: The card's position in the pack, from 0 (Telescope forces the first).
    :returns: A new joker, consumable or playing card not placed in any area, as
        :func:`~balatro_ecs.game.run.packs.pack_joker`,
        :func:`~balatro_ecs.game.run.packs.pack_consumable` and
        :func:`~balatro_ecs.game.run.packs.pack_playing_card` make them; the engine puts it in
        the pack.

    Called ``booster.cards`` times when the pack is opened, in order, after the hand is
    dealt when ``booster.deals_hand``; each card made is already in the pack for the next
    call (pools skip it). Picking and skipping are the engine's.

    .. versionadded:: 0.3
    """


# ---------------------------------------------------------------------------------------
# Consumable set content hooks (the set of the consumable used)
# ---------------------------------------------------------------------------------------


@hookspec
def consumable_set_used(
    game: GameCommands, card_set: ConsumableSetType, consumable: Consumable
) -> None:
    """Count the use of a card of this set (the game's ``tarots_used``, ``planets_used``,
    ``spectrals_used``, the last Tarot or Planet for The Fool).

    :param game: The game.
    :param card_set: The set, as declared.
    :param consumable: The card just used (its ``consumable_use`` has run).

    Called once per use of one of the set's cards (held, bought and used, or picked from a
    pack), before the jokers' ``joker_consumable_used``.

    .. versionadded:: 0.3
    """


# ---------------------------------------------------------------------------------------
# Sticker content hooks (the stickers a joker carries, in the stickers' order)
# ---------------------------------------------------------------------------------------


@hookspec
def sticker_roll(game: GameCommands, sticker: StickerType, roll: StickerRoll) -> Any:
    """Whether a new joker offered in the shop or a booster pack gets this sticker.

    :param game: The game (``game.run`` holds what the stake allows: the game's
        ``eternals_in_shop``, ``perishables_in_shop``, ``rentals_in_shop``).
    :param sticker: The sticker, as declared.
    :param roll: The joker's rolls (:class:`~balatro_ecs.game.stickers.StickerRoll`): its type
        (``roll.joker``), where it is offered (``roll.in_pack``), what the stickers rolled
        before gave (``roll.stickers``), and :meth:`roll.poll(shop_stream, pack_stream)
        <balatro_ecs.game.stickers.StickerRoll.poll>`, a draw made once per joker and stream
        however many stickers read it (Eternal and Perishable share ``etperpoll<ante>``).
    :returns: The sticker's value (``True``, or a whole number), which then goes through
        ``sticker_apply`` like any sticker put on a joker; ``None`` (or ``False``): not
        this joker.

    Called for every joker made for the shop or a pack, once per sticker in the stickers'
    order, after its rarity and key are drawn and before its edition roll. Each stream is
    the game's own, keyed: a pack's sticker that draws on streams of its own leaves the
    game's draws where they were.

    .. versionadded:: 0.3
    """


@hookspec
def sticker_apply(
    game: GameCommands, sticker: StickerType, joker_type: JokerType, value: Any
) -> Any:
    """The value this sticker takes on a new joker, or whether the joker can carry it.

    :param game: The game.
    :param sticker: The sticker, as declared.
    :param joker_type: The type of the joker it goes on (the game's ``eternal_compat`` and
        ``perishable_compat`` say which jokers take Eternal and Perishable).
    :param value: The value asked for: ``True`` (``Game.new_joker(stickers=...)``, the
        ``eternal=True`` keywords, a roll), or a number.
    :returns: The value to hold (``True``, or a whole number >= 0: Perishable turns
        ``True`` into the rounds the run gives, ``run.perishable_rounds``); ``None`` (or
        ``False``): the joker cannot carry it. Without this hook, the value asked for.

    Called whenever a sticker is put on a joker (a new joker, a roll,
    :meth:`Game.add_sticker <balatro_ecs.game.Game.add_sticker>`); not when a joker is
    copied, loaded or restored with its stickers.

    .. versionadded:: 0.3
    """


@hookspec
def sticker_end_of_round(game: GameCommands, sticker: StickerType, joker: Joker) -> Effect | None:
    """Act at the end of a won round, for a joker carrying this sticker (Rental charges
    rent, Perishable counts down).

    :param game: The game; change the sticker's value with :meth:`Game.set_sticker
        <balatro_ecs.game.Game.set_sticker>` (its value now: ``joker.stickers[sticker.key]``).
    :param sticker: The sticker, as declared.
    :param joker: The joker carrying it (debuffed or not).
    :returns: An effect whose ``dollars`` are paid at once in the joker's name (negative:
        charged), or ``None``.

    Called for each joker left to right, right after its own ``joker_end_of_round``, once
    per sticker it carries in the stickers' order (the game's: rent before Perishable's
    count); not for a joker destroyed earlier in the pass.

    .. versionadded:: 0.3
    """


@hookspec
def sticker_blocks(
    game: GameCommands, sticker: StickerType, joker: Joker, action: str
) -> bool | None:
    """Whether this sticker stops its joker being sold or destroyed (Eternal).

    :param game: The game.
    :param sticker: The sticker, as declared.
    :param joker: The joker carrying it.
    :param action: ``"sell"`` (selling it is then not a legal action) or ``"destroy"``
        (Madness, Ceremonial Dagger, Hex, Ankh, ... leave it:
        :meth:`Game.destroy_joker <balatro_ecs.game.Game.destroy_joker>` refuses).
    :returns: ``True`` to stop it.

    Called whenever the engine decides whether a joker carrying the sticker may be sold
    (the legal actions, the action mask, a ``Sell``) or destroyed.

    .. versionadded:: 0.3
    """


@hookspec
def sticker_price(game: GameCommands, sticker: StickerType, joker: Joker, price: int) -> int | None:
    """What a joker carrying this sticker costs to buy (Rental: $1); its sell value
    follows (half, at least $1).

    :param game: The game.
    :param sticker: The sticker, as declared.
    :param joker: The joker.
    :param price: Its price so far: its type's cost with its edition, inflation and
        discount, then the stickers before this one.
    :returns: The new price (a whole number >= 0), or ``None`` to leave it.

    Called whenever the joker is priced: when it is made, when its edition changes, when
    the shop is repriced (vouchers), and when a sticker with this hook is put on, changed
    or taken off.

    .. versionadded:: 0.3
    """


# ---------------------------------------------------------------------------------------
# Any content: its description
# ---------------------------------------------------------------------------------------


@hookspec
def content_describe(
    game: GameCommands, content: ContentType, values: Mapping[str, Any], item: object
) -> Mapping[str, Any] | None:
    """Work out the values a content's description names that only the game knows
    (Abstract Joker's total, The Idol's card of the round, what The Hermit would pay).

    :param game: The game the description is for.
    :param content: The content described (any family: this hook belongs to whatever
        content the plugin declares).
    :param values: What the template can already name: the content's fields, its
        ``config`` merged in, the live counters (a new one's for content named by key),
        ``chance``.
    :param item: The live joker, consumable or blind described, or ``None`` when the
        content is named by key.
    :returns: More values for the template (they win over ``values``), or ``None``.

    Called by :func:`~balatro_ecs.game.describe.describe` (the terminal, ``info``,
    observations' texts) for the content described. An exception leaves the values it
    would have given unfilled: a description never stops the game being shown.

    .. versionadded:: 0.4
    """

"""Every hook a balatro_ecs plugin can implement, grouped by the game's evaluation order.

There are two families:

* **Content hooks** (``joker_*``, ``consumable_*``, ``blind_*``, ``deck_*``) belong to the
  plugin that declares that content through :func:`balatro_content`. The engine calls them
  *per instance, in game order*: once per joker in slot order (copies resolved, debuffed
  jokers left out), only for the active blind, only for the chosen deck. A plugin
  declares exactly one piece of content if it implements content hooks.
* **Extension hooks** (``balatro_*``) are ordinary pluggy broadcasts, for mods that watch
  or change the game as a whole.

Content hooks return an :class:`~balatro_ecs.effects.Effect` (or a count, or a flag);
they do not write to the score. Implementations may take any subset of a hook's
parameters, as with every pluggy hook.

Every docstring follows one template: summary, parameters, return value, when it is
called, and the version that added it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .blinds import Blind, Deck
    from .cards import Card
    from .content import ContentType
    from .effects import Effect
    from .game import Game
    from .jokers import Consumable, Joker
    from .rules import Rules
    from .schedule import System
    from .scoring.context import ScoringContext
    from .scoring.result import ScoreResult

PROJECT = "balatro_ecs"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

# ---------------------------------------------------------------------------------------
# Declaring content and extending the engine (broadcast hooks)
# ---------------------------------------------------------------------------------------


@hookspec
def balatro_content() -> ContentType | None:
    """Declare the content this plugin adds.

    :returns: A :class:`~balatro_ecs.content.JokerType`, ``BlindType``, ``DeckType``,
        ``ConsumableType`` or ``VoucherType``. Its ``key`` is what this plugin's content
        hooks are called for.

    Called once per plugin when the plugin set is built (and again when plugins are added
    or removed).

    .. versionadded:: 0.1
    """


@hookspec
def balatro_scoring_systems() -> Iterable[System]:
    """Add systems to the hand-scoring schedule.

    :returns: :class:`~balatro_ecs.schedule.System` objects. Each names its phase and the
        systems it must run before or after; two systems in one phase with no declared
        order are an error.

    Called when a game's scoring schedule is compiled.

    .. versionadded:: 0.1
    """


@hookspec
def balatro_hand_scored(game: Game, result: ScoreResult) -> None:
    """Observe a hand that has just been scored.

    :param game: The game the hand was played in.
    :param result: The hand's name, chips, mult, score and breakdown.

    Called after the ``after`` context, once per played hand. Not called at all when no
    plugin implements it.

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
def joker_debuffed_hand(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """React to a hand the boss blind refused to score (Matador).

    :param ctx: The hand being played; it scores 0.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :returns: An effect (dollars), or ``None``.

    Called for each joker left to right, instead of every other scoring context, when
    the blind debuffs the whole hand (The Psychic, The Eye, The Mouth).

    .. versionadded:: 0.1
    """


@hookspec
def joker_before(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """Act before the hand scores: grow, convert cards, level the hand.

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :returns: An effect (``level_up``, ``dollars``), or ``None``.

    Called for each joker left to right after the hand is detected and the blind has
    acted, before base chips and mult are read from the hand's level.

    .. versionadded:: 0.1
    """


@hookspec
def joker_repetition(ctx: ScoringContext, joker: Joker, card: Card) -> int | None:
    """Retrigger a scored card.

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
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
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
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
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
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

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :param card: The held card.
    :returns: How many extra times the card's held effects run, or ``None``.

    Called for each joker left to right after the card's red seal, and only when the
    card's first evaluation produced at least one effect.

    .. versionadded:: 0.1
    """


@hookspec
def joker_main(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """The joker's own effect on the hand (the game's ``joker_main`` context).

    :param ctx: The hand being scored.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
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
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :param other: The joker (or consumable) whose turn it is in the joker pass. It may
        be debuffed.
    :returns: An effect (mult, chips, ×mult), or ``None``.

    Called for each joker left to right, right after ``other``'s own main effect and
    before its Polychrome.

    .. versionadded:: 0.1
    """


@hookspec
def joker_destroying_card(ctx: ScoringContext, joker: Joker, card: Card) -> bool | None:
    """Decide whether a scoring card is destroyed after scoring (Sixth Sense).

    :param ctx: The scored hand.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :param card: A scoring card.
    :returns: ``True`` to destroy it. The first joker that says so wins.

    Called for each scoring card left to right, after the final scoring step.

    .. versionadded:: 0.1
    """


@hookspec
def joker_cards_destroyed(ctx: ScoringContext, joker: Joker, cards: Sequence[Card]) -> None:
    """React to playing cards destroyed by this hand (Glass Joker, Canio).

    :param ctx: The scored hand.
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :param cards: The cards destroyed (shattered Glass included); may be empty.

    Called for each joker left to right once destruction is decided, before ``after``.

    .. versionadded:: 0.1
    """


@hookspec
def joker_after(ctx: ScoringContext, joker: Joker) -> Effect | None:
    """Act after the hand has scored (Ice Cream melts, Seltzer counts down).

    :param ctx: The scored hand (debuffed or not).
    :param joker: The joker (a :class:`~balatro_ecs.jokers.CopiedJoker` when copied).
    :returns: An effect, or ``None``.

    Called for each joker left to right, last in every played hand.

    .. versionadded:: 0.1
    """


# ---------------------------------------------------------------------------------------
# Joker content hooks: entering the game
# ---------------------------------------------------------------------------------------


@hookspec
def joker_added(game: Game, joker: Joker) -> None:
    """React to this joker entering the joker area (the game's ``add_to_deck``).

    :param game: The game.
    :param joker: The joker just added (Chicot disables an active boss blind).

    Called once when the joker is added, after it has its slot.

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


# ---------------------------------------------------------------------------------------
# Blind content hooks (the active blind only)
# ---------------------------------------------------------------------------------------


@hookspec
def blind_debuff_card(game: Game, blind: Blind, card: Card) -> bool | None:
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

"""Run the scoring schedule over the cards in play and package the result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.faults import check_events
from ...kernel.quantities import MAX_INT as _CAP
from ...kernel.schedule import SCORING_EVENT, Schedule
from .context import ScoringContext
from .result import ScoreResult

if TYPE_CHECKING:
    from ...kernel.manager import Plugins
    from ..dispatch import JokerPlans
    from ..game import Game

__all__ = ["score_play", "scoring_schedule", "settle"]


def scoring_schedule(plugins: Plugins) -> Schedule:
    """The compiled scoring order for a plugin set (the ``"score"`` event: the game's
    systems, :mod:`balatro_ecs.game.events`, plus plugins' own)."""
    return plugins.schedule(SCORING_EVENT)


def score_play(
    game: Game,
    plans: JokerPlans,
    preview: bool = False,
    *,
    extra_draw_pile: int = 0,
    extra_discard_pile: int = 0,
) -> ScoreResult:
    """Score the cards in the play area against the cards held in hand.

    Mutates the game as the real game does while scoring (counters grow, cards change,
    money is earned), then settles what the game's queued events do (destroyed cards and
    jokers leave, created cards arrive) -- unless ``preview``, which stops before that
    (:meth:`Game.preview_play <balatro_ecs.game.Game.preview_play>` restores the rest).

    ``extra_draw_pile`` and ``extra_discard_pile``: plain cards the piles hold besides the
    game's rows, kept as numbers (a scenario's unlisted deck; see
    :class:`~balatro_ecs.game.scoring.context.ScoringContext`).
    """
    plugins = game.plugins
    ctx = ScoringContext(game, plans, extra_draw_pile, extra_discard_pile)
    for run in plugins.schedule(SCORING_EVENT).functions:
        run(ctx)
    chips, mult = ctx.chips, ctx.mult
    dollars = ctx.dollar_buffer
    if chips != chips or mult != mult or type(dollars) is not int or not -_CAP <= dollars <= _CAP:
        check_events(ctx.events)  # a NaN, money not whole or too much: find who gave it
    result = ScoreResult(
        ctx.hand_name,
        ctx.chips,
        ctx.mult,
        ctx.score,
        ctx.debuffed,
        ctx.dollar_buffer,
        ctx.scoring,
        ctx.destroyed,
        ctx.events,
    )
    if preview:
        return result
    game._counters_changed()  # the rules follow any counter the hand changed
    settle(game, ctx)
    if plugins.broadcast_has_impls("balatro_hand_scored"):
        plugins.pm.hook.balatro_hand_scored(game=game, result=result)
    return result


def settle(game: Game, ctx: ScoringContext) -> None:
    """What the game's queued events do once a hand is scored: the cards and jokers it
    destroyed leave, the consumables it made (Seance, Superposition) arrive."""
    for card in ctx.destroyed:
        if card in game.area(card.zone.area):
            game.destroy_card(card)
    for joker in ctx.jokers_destroyed:
        if joker in game.jokers and not game._destruction_kept(joker, joker):
            game.remove_joker(joker)
    for card_set, key_append in ctx.consumables_pending:
        game.create_consumable_from_pool(card_set, key_append)

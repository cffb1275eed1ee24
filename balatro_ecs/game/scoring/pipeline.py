"""Run the scoring schedule over the cards in play and package the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...kernel.faults import check_events
from ...kernel.schedule import Schedule, compile_schedule
from .context import ScoringContext
from .result import ScoreResult
from .systems import SCORING_PHASES, VANILLA_ORDER, run_vanilla_systems, vanilla_systems

if TYPE_CHECKING:
    from ...kernel.manager import Plugins
    from ..dispatch import JokerPlans
    from ..game import Game

__all__ = ["score_play", "scoring_runner", "scoring_schedule"]


def scoring_schedule(plugins: Plugins) -> Schedule:
    """The compiled scoring order for a plugin set: vanilla systems plus plugins' own."""
    schedule = plugins.cache.get("scoring_schedule")
    if schedule is None:
        systems = vanilla_systems()
        for contributed in plugins.pm.hook.balatro_scoring_systems():
            systems.extend(contributed or ())
        schedule = plugins.cache["scoring_schedule"] = compile_schedule(SCORING_PHASES, systems)
    assert isinstance(schedule, Schedule)
    return schedule


def scoring_runner(plugins: Plugins) -> Callable[[ScoringContext], None]:
    """What runs the scoring schedule for a plugin set: the vanilla systems called straight
    through when the schedule is exactly theirs, else a loop over the compiled schedule."""
    runner = plugins.cache.get("scoring_runner")
    if runner is None:
        functions = scoring_schedule(plugins).functions
        if functions == VANILLA_ORDER:
            runner = run_vanilla_systems
        else:

            def runner(ctx: ScoringContext) -> None:
                for run in functions:
                    run(ctx)

        plugins.cache["scoring_runner"] = runner
    return runner


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
    runner = plugins.cache.get("scoring_runner")  # (scoring_runner's, found directly)
    (runner if runner is not None else scoring_runner(plugins))(ctx)
    chips, mult = ctx.chips, ctx.mult
    if chips != chips or mult != mult or type(ctx.dollar_buffer) is not int:
        check_events(ctx.events)  # a NaN or money not whole: find the effect that gave it
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
    game._after_scoring(ctx)
    if plugins.broadcast_has_impls("balatro_hand_scored"):
        plugins.pm.hook.balatro_hand_scored(game=game, result=result)
    return result

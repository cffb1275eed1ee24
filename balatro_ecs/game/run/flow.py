"""Stage progression as ordered systems: one schedule per run event.

Every event of a run (selecting or skipping a blind, playing, discarding, the end of a
round, a lost round ending the run, cashing out, leaving the shop) runs a schedule of
systems in named phases, compiled once per plugin set with
:func:`~balatro_ecs.kernel.schedule.compile_schedule`. The vanilla systems live in
:mod:`balatro_ecs.game.run.rounds`, :mod:`balatro_ecs.game.run.economy` and
:mod:`balatro_ecs.game.run.shop`; plugins add their own through ``balatro_run_systems``.
``balatro-ecs schedule --event play`` prints one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...kernel.schedule import Schedule, System, compile_schedule

if TYPE_CHECKING:
    from ...kernel.manager import Plugins
    from ..game import Game

__all__ = ["RUN_EVENTS", "EventContext", "event_schedule", "run_event"]

#: Each run event and its phases, in order.
RUN_EVENTS: dict[str, tuple[str, ...]] = {
    "select_blind": ("set blind", "blind effects", "jokers", "shuffle", "draw", "first hand"),
    "skip_blind": ("skip", "tag", "jokers", "advance"),
    "play": ("select", "press play", "score", "clean up", "resolve"),
    "discard": ("before", "discard", "count", "draw"),
    "end_round": ("jokers", "held cards", "progress", "targets", "payout"),
    "game_over": ("jokers", "over"),
    "cash_out": ("pay", "advance", "shop"),
    "leave_shop": ("jokers", "advance"),
}


@dataclass
class EventContext:
    """What one run event's systems share: the game and the event's values."""

    game: Game
    event: str
    values: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


def _vanilla(event: str) -> list[System]:
    from . import economy, rounds, shop

    systems: list[System] = []
    for module in (rounds, economy, shop):
        systems.extend(s for s in module.SYSTEMS if s.name.split(":")[0] == event)
    return systems


def event_schedule(plugins: Plugins, event: str) -> Schedule:
    """The compiled schedule of one run event for a plugin set."""
    cache_key = f"run:{event}"
    schedule = plugins.cache.get(cache_key)
    if schedule is None:
        systems = _vanilla(event)
        for contributed in plugins.pm.hook.balatro_run_systems(event=event):
            systems.extend(contributed or ())
        schedule = plugins.cache[cache_key] = compile_schedule(RUN_EVENTS[event], systems)
    assert isinstance(schedule, Schedule)
    return schedule


def run_event(game: Game, event: str, **values: Any) -> EventContext:
    """Run one event's systems in order and return their shared context."""
    ctx = EventContext(game, event, values)
    for run in event_schedule(game.plugins, event).functions:
        run(ctx)
    return ctx

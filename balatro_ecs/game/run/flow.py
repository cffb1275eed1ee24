"""Running the run's events: each event's systems, in their compiled order.

Every event of a run -- starting it, selecting or skipping a blind, playing, discarding,
buying, selling, using a consumable, opening a pack, the end of a round, ... -- is an
:class:`~balatro_ecs.kernel.schedule.Event` with named phases, and its systems come from
the plugins (``balatro_run_systems``), the game's own among them: the whole list, phases
and systems, is declared in :mod:`balatro_ecs.game.events`. The plugin set compiles each
event's schedule once (:meth:`Plugins.schedule <balatro_ecs.kernel.manager.Plugins.schedule>`);
:func:`run_event` runs one. ``balatro-ecs schedule --event play`` prints one.

This module knows no event: it runs whatever the plugin set declares, so the systems may
start other events (an end of round from the last hand, a pack opened by a tag) without
an import cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...kernel.manager import Plugins
    from ...kernel.schedule import Schedule
    from ..game import Game

__all__ = ["EventContext", "event_schedule", "run_event"]


@dataclass
class EventContext:
    """What one run event's systems share: the game and the event's values (an action's
    fields, and what earlier systems left for later ones)."""

    game: Game
    event: str
    values: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def __setitem__(self, name: str, value: Any) -> None:
        self.values[name] = value

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


def event_schedule(plugins: Plugins, event: str) -> Schedule:
    """The compiled schedule of one run event for a plugin set.

    :raises UnknownNameError: when no plugin declares ``event``.
    """
    return plugins.schedule(event)


def run_event(
    game: Game,
    event: str,
    *,
    skip: Iterable[str] = (),
    stop_before: str | None = None,
    **values: Any,
) -> EventContext:
    """Run one event's systems in order and return their shared context.

    ``skip`` (phases to leave out) and ``stop_before`` (a phase to stop at) run part of an
    event, for callers that do the rest their own way (the duel's discard draws back to
    its own hand size).
    """
    ctx = EventContext(game, event, values)
    schedule = game.plugins.schedule(event)
    if skip or stop_before is not None:
        schedule.run(ctx, skip=skip, stop_before=stop_before)
    else:
        for run in schedule.functions:
            run(ctx)
    game._event_over()  # the rules follow the row and any counter the event changed
    return ctx

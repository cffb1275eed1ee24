"""Ordered systems: events, phases, and before/after relations between named systems.

An :class:`Event` is something that happens in a game (a hand played, a card bought) with
its named phases, in order. A :class:`System` is a function of one argument (the context
it works on) that belongs to a phase of an event and may declare systems it runs before
or after, and a run condition (``run_if``, as in Bevy). :func:`compile_schedule` turns a
set of systems into one fixed call order, once:

* phases run in their listed order;
* inside a phase, the declared relations decide the order;
* two systems of one pack in the same phase with no declared order between them are an
  error, as is a cycle or a relation that contradicts the phase order; two systems of
  different packs with no declared order run in the packs' load order, then by name
  (the game's own first: packs compose);
* a relation may name a system that may be absent (another pack's): end its name with
  ``?`` (:data:`OPTIONAL`).

This is how Bevy orders systems, without the magic integers. Which events a plugin set
has, and their systems, come from the plugins (``balatro_run_events``,
``balatro_run_systems``, ``balatro_scoring_systems``):
:meth:`Plugins.schedule <balatro_ecs.kernel.manager.Plugins.schedule>` compiles them.
"""

from __future__ import annotations

import graphlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import ScheduleError, show

__all__ = ["OPTIONAL", "SCORING_EVENT", "Event", "Schedule", "System", "compile_schedule"]

#: The event whose schedule scores a played hand (``balatro_scoring_systems`` adds to it).
SCORING_EVENT = "score"


@dataclass(frozen=True)
class Event:
    """Something that happens in a game, and its phases in order.

    :param name: The event's name (``"play"``, ``"buy"``, ...): what systems name as
        their ``event`` and ``balatro-ecs schedule --event`` takes.
    :param phases: Its phases, in the order they run.
    :param doc: One line on when it happens.
    """

    name: str
    phases: tuple[str, ...]
    doc: str = ""


@dataclass(frozen=True)
class System:
    """One step of a schedule.

    :param name: Unique name other systems refer to.
    :param phase: The phase it runs in.
    :param run: The function; it receives the schedule's context object.
    :param before: Names of systems this one must run before (a name ending with ``?``:
        only if that system is there).
    :param after: Names of systems this one must run after (the same).
    :param run_if: A run condition: a function of the same context; the system runs only
        when it returns true (checked each time, just before the system's turn).
    :param event: The event the system belongs to. Optional when a plugin returns it from
        ``balatro_run_systems(event)`` for the event asked; a system that names an event
        no plugin declares is an error when the plugin set is built.
    """

    name: str
    phase: str
    run: Callable[[Any], Any]
    before: tuple[str, ...] = field(default=())
    after: tuple[str, ...] = field(default=())
    run_if: Callable[[Any], Any] | None = None
    event: str | None = None

    def guarded(self) -> Callable[[Any], Any]:
        """The function a compiled schedule calls: :attr:`run`, or, with a run condition,
        a function that calls it only when the condition holds."""
        run, condition = self.run, self.run_if
        if condition is None:
            return run

        def guarded(ctx: Any) -> Any:
            if condition(ctx):
                return run(ctx)
            return None

        return guarded


@dataclass(frozen=True)
class Schedule:
    """A compiled order: the systems and their functions, ready to call in sequence."""

    phases: tuple[str, ...]
    systems: tuple[System, ...]
    #: The systems' functions in order (what a runner loops over).
    functions: tuple[Callable[[Any], Any], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "functions", tuple(s.guarded() for s in self.systems))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.systems)

    def run(self, ctx: Any, *, skip: Iterable[str] = (), stop_before: str | None = None) -> None:
        """Call the systems in order on ``ctx`` (their run conditions honoured), leaving
        out the phases in ``skip`` and stopping at the first system of phase
        ``stop_before``: a caller that needs part of an event (the duel's discard draws
        its own way)."""
        skipped = frozenset(skip)
        for system, function in zip(self.systems, self.functions, strict=True):
            if system.phase == stop_before:
                return
            if system.phase not in skipped:
                function(ctx)

    def describe(self) -> str:
        """One line per system: ``phase  name``, and ``[if condition]`` for a system with
        a run condition."""
        width = max((len(p) for p in self.phases), default=0)
        lines = []
        for s in self.systems:
            line = f"{s.phase:<{width}}  {s.name}"
            if s.run_if is not None:
                line += f"  [if {getattr(s.run_if, '__name__', repr(s.run_if))}]"
            lines.append(line)
        return "\n".join(lines)


#: What a ``before``/``after`` name ends with when the system it names may be absent (a
#: system of another pack, which may not be installed): ``after=("lucky7:jackpot?",)``.
OPTIONAL = "?"


def compile_schedule(
    phases: Sequence[str],
    systems: Iterable[System],
    origins: Mapping[str, tuple[int, str]] | None = None,
) -> Schedule:
    """Order ``systems`` by phase, then by their declared relations.

    :param origins: Each system's origin, by name: ``(rank, origin)``, the rank of the
        pack (or plugin) that gave it in load order and its id. Two systems of one phase
        from *different* origins with no declared order between them run in rank order,
        then by name: packs compose. Without ``origins`` (or between two systems of the
        same origin) such a pair is an error.
    :raises ScheduleError: unknown phase or system name (a name ending with ``?`` may be
        absent: the relation is then dropped), a cycle, a relation against the phase
        order, or two systems of one origin and phase without a declared order.
    """
    phase_index = {p: i for i, p in enumerate(phases)}
    by_name: dict[str, System] = {}
    for system in systems:
        if system.phase not in phase_index:
            raise ScheduleError(
                f"system {system.name!r} names unknown phase {system.phase!r}; "
                f"phases are {', '.join(phases)}"
            )
        if system.name in by_name:
            raise ScheduleError(f"two systems are named {show(system.name)}")
        by_name[system.name] = system

    edges: dict[str, set[str]] = {name: set() for name in by_name}  # name -> predecessors
    for system in by_name.values():
        for ref in system.after:
            other = _resolve_ref(system, ref, by_name)
            if other is not None:
                edges[system.name].add(other)
        for ref in system.before:
            other = _resolve_ref(system, ref, by_name)
            if other is not None:
                edges[other].add(system.name)
    for name, preds in edges.items():
        for pred in preds:
            if phase_index[by_name[pred].phase] > phase_index[by_name[name].phase]:
                raise ScheduleError(
                    f"system {pred!r} (phase {by_name[pred].phase}) cannot run before "
                    f"{name!r} (phase {by_name[name].phase})"
                )

    def rank(name: str) -> tuple[int, str]:
        return (origins.get(name, (0, ""))[0], name) if origins is not None else (0, name)

    ordered: list[System] = []
    for phase in phases:
        members = [n for n, s in by_name.items() if s.phase == phase]
        local = {n: {p for p in edges[n] if p in members} for n in members}
        order = _ordered(phase, local, rank)
        _check_total(phase, order, local, origins)
        ordered.extend(by_name[n] for n in order)
    return Schedule(tuple(phases), tuple(ordered))


def _resolve_ref(system: System, ref: str, by_name: dict[str, System]) -> str | None:
    """The system a ``before``/``after`` name refers to; ``None`` for an optional one
    (``"name?"``) that is absent."""
    if ref.endswith(OPTIONAL):
        name = ref[: -len(OPTIONAL)]
        return name if name in by_name else None
    if ref not in by_name:
        raise ScheduleError(
            f"system {show(system.name)} refers to unknown system {show(ref)} (end the name "
            f"with {OPTIONAL!r} if it may be absent: another pack's system)"
        )
    return ref


def _ordered(
    phase: str, preds: dict[str, set[str]], rank: Callable[[str], tuple[int, str]]
) -> list[str]:
    """The systems of one phase in an order their relations allow, choosing among those
    ready the lowest ``rank`` first (pack load order, then name): the same order every
    time."""
    remaining = {n: set(p) for n, p in preds.items()}
    ready = [n for n, p in remaining.items() if not p]
    order: list[str] = []
    while ready:
        ready.sort(key=rank)
        name = ready.pop(0)
        order.append(name)
        del remaining[name]
        for other, p in remaining.items():
            if name in p:
                p.discard(name)
                if not p:
                    ready.append(other)
    if remaining:
        try:
            graphlib.TopologicalSorter(preds).prepare()
        except graphlib.CycleError as err:
            cycle = " -> ".join(err.args[1])
            raise ScheduleError(f"systems in phase {show(phase)} form a cycle: {cycle}") from None
        raise ScheduleError(f"systems in phase {phase!r} form a cycle")  # pragma: no cover
    return order


def _check_total(
    phase: str,
    order: list[str],
    preds: dict[str, set[str]],
    origins: Mapping[str, tuple[int, str]] | None,
) -> None:
    """Every pair in a phase must be ordered by a declared path, or the order is an
    accident -- unless the two come from different origins (packs), which run in load
    order."""
    reach: dict[str, set[str]] = {}
    for name in order:  # topological: predecessors come first
        seen = set(preds[name])
        for p in preds[name]:
            seen |= reach[p]
        reach[name] = seen
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            if a in reach[b]:
                continue
            if origins is not None:
                origin_a, origin_b = origins.get(a, (0, "")), origins.get(b, (0, ""))
                if origin_a[1] != origin_b[1]:
                    continue  # different packs: load order decides
                where = f" (both from {origin_a[1]})" if origin_a[1] else ""
            else:
                where = ""
            raise ScheduleError(
                f"systems {a!r} and {b!r} are both in phase {phase!r}{where} with no "
                f"declared order; add before=/after= to one of them"
            )

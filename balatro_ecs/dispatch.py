"""Call plans: which function runs for which joker, in slot order, for one joker row.

For each content hook the engine compiles, once per joker row (and plugin set), the
list of calls to make: one entry per joker in slot order that implements the hook,
with Blueprint/Brainstorm copies resolved to the copied joker's implementation and
debuffed jokers left out. Scoring then only walks these lists.

A plan entry is ``(function, view, source)``: the implementation, the joker it is
called with (a :class:`~balatro_ecs.jokers.CopiedJoker` for a copy) and the joker in
the row that acts (the copier, for a copy), which the breakdown credits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .jokers import CopiedJoker, Joker
from .manager import Plugins

__all__ = ["JokerPlans", "PlanEntry", "resolve_copy"]

PlanEntry = tuple[Callable[..., Any], "Joker | CopiedJoker", Joker]


def resolve_copy(plugins: Plugins, jokers: Sequence[Joker], index: int) -> Joker | None:
    """The joker whose ability the joker at ``index`` uses: itself, what it copies, or none.

    Copies chain (Blueprint -> Brainstorm -> leftmost); a copy stops at a joker that is
    not ``blueprint_compat``, at itself, at a loop, or at a debuffed joker.
    """
    copier_table = plugins.table("joker_copy_target")
    current = jokers[index]
    seen = {index}
    while True:
        copy_target = copier_table.get(current.type.key)
        if copy_target is None:
            return current
        target = copy_target(current, jokers)
        if target is None or not 0 <= target < len(jokers) or target in seen:
            return None
        nxt = jokers[target]
        if not nxt.type.blueprint_compat or nxt.debuffed:
            return None
        seen.add(target)
        current = nxt


class JokerPlans:
    """Compiled call plans for one joker row, built lazily per hook."""

    __slots__ = ("_by_slot", "_plans", "_resolved", "jokers", "plugins")

    def __init__(self, plugins: Plugins, jokers: Sequence[Joker]) -> None:
        self.plugins = plugins
        self.jokers = tuple(jokers)
        self._plans: dict[str, tuple[PlanEntry, ...]] = {}
        self._by_slot: dict[str, tuple[PlanEntry | None, ...]] = {}
        self._resolved: list[Joker | CopiedJoker | None] = []
        for i, joker in enumerate(self.jokers):
            if joker.debuffed:
                self._resolved.append(None)
                continue
            target = resolve_copy(plugins, self.jokers, i)
            if target is None:
                self._resolved.append(None)
            elif target is joker:
                self._resolved.append(joker)
            else:
                self._resolved.append(CopiedJoker(target, joker))

    def _entry(self, table: dict[str, Callable[..., Any]], i: int) -> PlanEntry | None:
        view = self._resolved[i]
        if view is None:
            return None
        fn = table.get(view.type.key)
        if fn is None:
            return None
        return (fn, view, self.jokers[i])

    def plan(self, hook: str) -> tuple[PlanEntry, ...]:
        """The calls for ``hook``, left to right."""
        found = self._plans.get(hook)
        if found is None:
            found = tuple(e for e in self.by_slot(hook) if e is not None)
            self._plans[hook] = found
        return found

    def by_slot(self, hook: str) -> tuple[PlanEntry | None, ...]:
        """The call for ``hook`` at each slot (``None`` where there is none)."""
        found = self._by_slot.get(hook)
        if found is None:
            table = self.plugins.table(hook)
            found = tuple(self._entry(table, i) for i in range(len(self.jokers)))
            self._by_slot[hook] = found
        return found

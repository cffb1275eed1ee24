"""Call plans: which function runs for which joker, in slot order, for one joker row.

For each joker content hook the engine compiles, once per joker row (and plugin set),
the list of calls to make: one entry per joker in slot order that implements the hook,
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

__all__ = ["JOKER_HOOKS", "JokerPlans", "PlanEntry", "resolve_copy"]

PlanEntry = tuple[Callable[..., Any], "Joker | CopiedJoker", Joker]

#: The joker hooks called for every joker in slot order, copies resolved: each gets a plan.
#: (``joker_added``, ``joker_removed``, ``joker_cash_out``, ``joker_game_over`` and
#: ``joker_rules`` concern one joker's own instance and are never copied; they are called
#: directly. ``joker_sold`` is called for the card sold only, through what it copies.)
JOKER_HOOKS: tuple[str, ...] = (
    "joker_debuffed_hand",
    "joker_before",
    "joker_repetition",
    "joker_individual",
    "joker_held_individual",
    "joker_held_repetition",
    "joker_main",
    "joker_other_joker",
    "joker_destroying_card",
    "joker_cards_destroyed",
    "joker_after",
    "joker_setting_blind",
    "joker_first_hand_drawn",
    "joker_pre_discard",
    "joker_discard",
    "joker_end_of_round",
    "joker_card_sold",
    "joker_reroll",
    "joker_leaving_shop",
    "joker_blind_skipped",
    "joker_booster_skipped",
    "joker_booster_opened",
    "joker_consumable_used",
    "joker_cards_added",
)

_PLANNED = frozenset(JOKER_HOOKS)


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
    """Compiled call plans for one joker row, each hook's compiled the first time it is
    asked for (a hand being scored never pays for the run hooks, and vice versa)."""

    __slots__ = ("_by_slot", "_plans", "_plugins", "jokers", "views")

    def __init__(self, plugins: Plugins, jokers: Sequence[Joker]) -> None:
        self._plugins = plugins
        self.jokers = tuple(jokers)
        #: What each slot acts as: itself, a copy, or nothing (debuffed, copying nothing).
        self.views: tuple[Joker | CopiedJoker | None, ...] = tuple(
            self._view(plugins, i) for i in range(len(self.jokers))
        )
        self._by_slot: dict[str, tuple[PlanEntry | None, ...]] = {}
        self._plans: dict[str, tuple[PlanEntry, ...]] = {}

    def _compile(self, hook: str) -> tuple[PlanEntry, ...]:
        if hook not in _PLANNED:
            raise KeyError(f"{hook!r} is not a joker hook called in slot order (JOKER_HOOKS)")
        table = self._plugins.table(hook)
        row: list[PlanEntry | None] = []
        for view, joker in zip(self.views, self.jokers, strict=True):
            fn = table.get(view.type.key) if view is not None else None
            row.append((fn, view, joker) if fn is not None and view is not None else None)
        self._by_slot[hook] = tuple(row)
        plan = self._plans[hook] = tuple(e for e in row if e is not None)
        return plan

    def _view(self, plugins: Plugins, i: int) -> Joker | CopiedJoker | None:
        joker = self.jokers[i]
        if joker.debuffed:
            return None
        target = resolve_copy(plugins, self.jokers, i)
        if target is None or target is joker:
            return target
        return CopiedJoker(target, joker)

    def compile_all(self) -> None:
        """Compile every hook's plan now (a benchmark keeps this out of its timing)."""
        for hook in JOKER_HOOKS:
            self.plan(hook)

    def plan(self, hook: str) -> tuple[PlanEntry, ...]:
        """The calls for ``hook``, left to right."""
        plan = self._plans.get(hook)
        return plan if plan is not None else self._compile(hook)

    def by_slot(self, hook: str) -> tuple[PlanEntry | None, ...]:
        """The call for ``hook`` at each slot (``None`` where there is none)."""
        if hook not in self._by_slot:
            self._compile(hook)
        return self._by_slot[hook]

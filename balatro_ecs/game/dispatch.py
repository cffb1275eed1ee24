"""Call plans: which function runs for which joker, in slot order, for one joker row.

For each joker content hook the engine compiles, once per joker row (and plugin set),
the list of calls to make: one entry per joker in slot order that implements the hook,
with Blueprint/Brainstorm copies resolved to the copied joker's implementation and
debuffed jokers left out. A copier that also acts
(:attr:`JokerType.copies_and_acts <balatro_ecs.kernel.content.JokerType.copies_and_acts>`)
has its own entry first, then its copy's. Scoring then only walks these lists.

A plan entry is ``(function, view, source)``: the implementation, the joker it is
called with (a :class:`~balatro_ecs.game.jokers.CopiedJoker` for a copy) and the joker in
the row that acts (the copier, for a copy), which the breakdown credits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..kernel.errors import show
from ..kernel.manager import Plugins
from .jokers import CopiedJoker, Joker

__all__ = ["JOKER_HOOKS", "JokerPlans", "PlanEntry", "ScoringPlans", "resolve_copy"]

PlanEntry = tuple[Callable[..., Any], "Joker | CopiedJoker", Joker]

#: The joker hooks called for every joker in slot order, copies resolved: each gets a plan.
#: (``joker_added``, ``joker_removed``, ``joker_cash_out``, ``joker_game_over`` and
#: ``joker_rules`` concern one joker's own instance and are never copied; they are called
#: directly. ``joker_sold`` is called for the card sold only, through what it copies.)
JOKER_HOOKS: tuple[str, ...] = (
    "joker_evaluate_poker_hand",
    "joker_modify_scoring_hand",
    "joker_debuff_hand",
    "joker_debuffed_hand",
    "joker_mod_probability",
    "joker_fix_probability",
    "joker_pseudorandom_result",
    "joker_modify_weights",
    "joker_before",
    "joker_initial_scoring_step",
    "joker_check_enhancement",
    "joker_repetition",
    "joker_individual",
    "joker_held_individual",
    "joker_held_repetition",
    "joker_main",
    "joker_other_joker",
    "joker_retrigger_joker",
    "joker_post_trigger",
    "joker_final_scoring_step",
    "joker_destroying_card",
    "joker_cards_destroyed",
    "joker_after",
    "joker_setting_blind",
    "joker_stay_flipped",
    "joker_hand_drawn",
    "joker_drawing_cards",
    "joker_first_hand_drawn",
    "joker_press_play",
    "joker_pre_discard",
    "joker_discard",
    "joker_end_of_round",
    "joker_held_end_of_round",
    "joker_ante_change",
    "joker_blind_disabled",
    "joker_debuff_card",
    "joker_money",
    "joker_hand_levelled",
    "joker_tag_gained",
    "joker_tag_used",
    "joker_prevent_tag_trigger",
    "joker_shop_opened",
    "joker_shop_card",
    "joker_card_bought",
    "joker_card_sold",
    "joker_reroll",
    "joker_leaving_shop",
    "joker_blind_skipped",
    "joker_booster_skipped",
    "joker_booster_opened",
    "joker_booster_closed",
    "joker_consumable_used",
    "joker_cards_added",
    "joker_card_changed",
    "joker_card_added",
    "joker_rearranged",
    "joker_type_destroyed",
)

_PLANNED = frozenset(JOKER_HOOKS)


@dataclass(slots=True)
class ScoringPlans:
    """The plans of every joker hook a scored hand calls, compiled together, so that
    scoring a hand looks its plans up once rather than once per system (see
    :meth:`JokerPlans.scoring`). ``main`` is by slot, as :meth:`JokerPlans.by_slot`
    gives it: the joker pass walks jokers and consumables by position. (Slots: reading
    a field is the cheapest attribute access there is.)"""

    evaluate_poker_hand: tuple[PlanEntry, ...]
    modify_scoring_hand: tuple[PlanEntry, ...]
    debuff_hand: tuple[PlanEntry, ...]
    debuffed_hand: tuple[PlanEntry, ...]
    mod_probability: tuple[PlanEntry, ...]
    fix_probability: tuple[PlanEntry, ...]
    pseudorandom_result: tuple[PlanEntry, ...]
    before: tuple[PlanEntry, ...]
    initial_scoring_step: tuple[PlanEntry, ...]
    check_enhancement: tuple[PlanEntry, ...]
    repetition: tuple[PlanEntry, ...]
    individual: tuple[PlanEntry, ...]
    held_individual: tuple[PlanEntry, ...]
    held_repetition: tuple[PlanEntry, ...]
    main: tuple[PlanEntry | None, ...]
    other_joker: tuple[PlanEntry, ...]
    retrigger_joker: tuple[PlanEntry, ...]
    post_trigger: tuple[PlanEntry, ...]
    final_scoring_step: tuple[PlanEntry, ...]
    destroying_card: tuple[PlanEntry, ...]
    cards_destroyed: tuple[PlanEntry, ...]
    after: tuple[PlanEntry, ...]
    #: By slot, the own ``joker_main`` of a joker that copies and acts
    #: (:attr:`JokerType.copies_and_acts <balatro_ecs.kernel.content.JokerType.copies_and_acts>`),
    #: called before its copy; empty when no such joker is in the row.
    own_main: tuple[PlanEntry | None, ...] = ()


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


#: The hook behind each field of :class:`ScoringPlans`, in field order.
_SCORING_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(ScoringPlans))[:-1]
_SCORING_HOOKS: tuple[str, ...] = tuple(f"joker_{name}" for name in _SCORING_FIELDS)
_MAIN = _SCORING_FIELDS.index("main")

#: The scoring plans of an empty joker row.
_NO_JOKERS = ScoringPlans(*[()] * len(_SCORING_FIELDS))


def _scoring_index(plugins: Plugins) -> dict[str, tuple[tuple[int, Callable[..., Any]], ...]]:
    """Content key -> ``(field of ScoringPlans, implementation)`` for every scoring hook
    the content implements (most jokers: one or two), made once per plugin set."""
    index: dict[str, tuple[tuple[int, Callable[..., Any]], ...]] | None = plugins.cache.get(
        "scoring_index"
    )
    if index is None:
        found: dict[str, list[tuple[int, Callable[..., Any]]]] = {}
        for position, hook in enumerate(_SCORING_HOOKS):
            for key, fn in plugins.table(hook).items():
                found.setdefault(key, []).append((position, fn))
        index = plugins.cache["scoring_index"] = {k: tuple(v) for k, v in found.items()}
    return index


class JokerPlans:
    """Compiled call plans for one joker row, each hook's compiled the first time it is
    asked for (a hand being scored never pays for the run hooks, and vice versa)."""

    __slots__ = (
        "_acts",
        "_by_slot",
        "_own_by_slot",
        "_plans",
        "_plugins",
        "_scoring",
        "_slots",
        "foreign",
        "jokers",
        "own_blind",
        "own_kinds",
        "ruled",
        "views",
    )

    def __init__(self, plugins: Plugins, jokers: Sequence[Joker]) -> None:
        self._plugins = plugins
        self.jokers = tuple(jokers)
        copiers = plugins.table("joker_copy_target")
        ruling = plugins.table("joker_rules")
        views: list[Joker | CopiedJoker | None] = []
        slots: list[tuple[str | None, Joker | CopiedJoker | None, Joker]] = []
        acts: list[int] = []
        for i, joker in enumerate(self.jokers):
            key = joker.type.key
            if joker.debuffed:
                view: Joker | CopiedJoker | None = None
            elif key not in copiers:
                view = joker  # acts as itself (what resolve_copy finds at once)
            else:
                view = self._view(plugins, i)
                if joker.type.copies_and_acts and view is not joker:
                    acts.append(i)
            views.append(view)
            slots.append((None if view is None else view.type.key, view, joker))
        #: Slots whose joker copies another and also runs its own hooks, first.
        self._acts: frozenset[int] = frozenset(acts)
        #: The jokers whose rules (``joker_rules``) may follow their counters: not
        #: debuffed, declaring rules (what the game re-derives when a counter changes).
        self.ruled: tuple[Joker, ...] = (
            tuple([j for j in self.jokers if j.type.key in ruling and not j.debuffed])
            if ruling
            else ()
        )
        #: What each slot acts as: itself, a copy, or nothing (debuffed, copying nothing).
        self.views: tuple[Joker | CopiedJoker | None, ...] = tuple(views)
        #: Per slot: the content key whose implementation it calls (``None``: none), its
        #: view and its joker -- what compiling a hook's plan walks.
        self._slots: tuple[tuple[str | None, Joker | CopiedJoker | None, Joker], ...] = tuple(slots)
        self._by_slot: dict[str, tuple[PlanEntry | None, ...]] = {}
        self._own_by_slot: dict[str, tuple[PlanEntry | None, ...]] = {}
        self._plans: dict[str, tuple[PlanEntry, ...]] = {}
        self._scoring: ScoringPlans | None = None
        #: Whether the row, the deck or the scoring systems hold content of a pack other
        #: than the game's (worked out when first asked, by
        #: :func:`~balatro_ecs.game.copying.own_content_only`).
        self.foreign: bool | None = None
        #: The blind last found to be the game's own with this row (and whether the set
        #: has card modifiers of other packs to look for), for the same.
        self.own_blind: Any = None
        self.own_kinds: Any = False

    def _compile(self, hook: str) -> tuple[PlanEntry, ...]:
        if hook not in _PLANNED:
            raise KeyError(f"{show(hook)} is not a joker hook called in slot order (JOKER_HOOKS)")
        get = self._plugins.table(hook).get
        row: list[PlanEntry | None] = []
        own_row: list[PlanEntry | None] = []
        plan: list[PlanEntry] = []
        acts = self._acts
        for slot, (key, view, joker) in enumerate(self._slots):
            own = get(joker.type.key) if slot in acts else None
            entry: PlanEntry
            if own is not None:  # a copier that acts: its own hook, then the copy's
                entry = (own, joker, joker)
                own_row.append(entry)
                plan.append(entry)
            else:
                own_row.append(None)
            fn = None if key is None else get(key)
            if fn is None:
                row.append(None)
            else:
                assert view is not None
                entry = (fn, view, joker)
                row.append(entry)
                plan.append(entry)
        self._by_slot[hook] = tuple(row)
        self._own_by_slot[hook] = tuple(own_row) if acts and any(own_row) else ()
        found = self._plans[hook] = tuple(plan)
        return found

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
        self.scoring()

    def plan(self, hook: str) -> tuple[PlanEntry, ...]:
        """The calls for ``hook``, left to right."""
        plan = self._plans.get(hook)
        return plan if plan is not None else self._compile(hook)

    def scoring(self) -> ScoringPlans:
        """The plans a scored hand uses, all at once (compiled the first time)."""
        found = self._scoring
        if found is None:
            found = self._scoring = self._compile_scoring() if self._slots else _NO_JOKERS
        return found

    def _compile_scoring(self) -> ScoringPlans:
        """Every scoring hook's plan in one walk of the row: each slot adds an entry to
        the plans of the hooks its content implements (the same entries, in the same
        slot order, as :meth:`plan` and :meth:`by_slot` make one hook at a time)."""
        index = _scoring_index(self._plugins)
        plans: list[tuple[Any, ...]] = [()] * len(_SCORING_HOOKS)
        main: list[PlanEntry | None] = [None] * len(self._slots)
        own_main: list[PlanEntry | None] = [None] * len(self._slots) if self._acts else []
        acts = self._acts
        for slot, (key, view, joker) in enumerate(self._slots):
            if slot in acts:  # a copier that acts: its own hooks first
                for position, fn in index.get(joker.type.key, ()):
                    if position == _MAIN:
                        own_main[slot] = (fn, joker, joker)
                    else:
                        plans[position] += ((fn, joker, joker),)
            if key is None:
                continue
            assert view is not None
            for position, fn in index.get(key, ()):
                if position == _MAIN:
                    main[slot] = (fn, view, joker)
                else:  # plans hold a few entries at most: growing a tuple is cheapest
                    plans[position] += ((fn, view, joker),)
        plans[_MAIN] = tuple(main)
        found = ScoringPlans(*plans)
        if acts and any(own_main):
            found.own_main = tuple(own_main)
        return found

    def by_slot(self, hook: str) -> tuple[PlanEntry | None, ...]:
        """The call for ``hook`` at each slot (``None`` where there is none): a copier's is
        the copied joker's (see :meth:`own_by_slot`)."""
        if hook not in self._by_slot:
            self._compile(hook)
        return self._by_slot[hook]

    def own_by_slot(self, hook: str) -> tuple[PlanEntry | None, ...]:
        """The own call for ``hook`` of each joker that copies and acts
        (:attr:`JokerType.copies_and_acts
        <balatro_ecs.kernel.content.JokerType.copies_and_acts>`), by slot, called just
        before its copy; empty when the row has none."""
        if hook not in self._own_by_slot:
            self._compile(hook)
        return self._own_by_slot[hook]

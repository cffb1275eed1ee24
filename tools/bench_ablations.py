"""Measure what each hot-path trick of the engine buys: the trick ledger's figures.

``python tools/bench_ablations.py [--rounds N] [--passes P] [TRICK ...]`` times, for each
trick, the ``balatro-ecs bench`` cases it is meant to speed up twice per round -- once as
shipped, once with the trick turned off (:data:`ABLATIONS` patches it out in a fresh
process) -- alternating which goes first, and prints the median over rounds of
``off / on`` per case: below 1 the trick pays (0.5: twice as fast with it), about 1 it
buys nothing measurable. The machine's speed drifts from minute to minute, and other
processes share it: that is why the two run interleaved, the suite's clock is this
process's CPU time (``--wall`` for wall-clock seconds), and only ratios are reported.
``--list`` names the tricks.

A trick whose patch target is gone (renamed, moved) stops the run with its name: fix the
patch with the code. The ledger is in ``docs/architecture.md``.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

ENV = "BALATRO_ECS_ABLATE"


def _module(*names: str) -> Any:
    """The first of these modules that exists (the engine moves code between layers)."""
    for name in names:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    raise SystemExit(f"none of {names} exists: update tools/bench_ablations.py")


def _need(owner: Any, name: str) -> Any:
    if not hasattr(owner, name):
        raise SystemExit(f"{owner!r} has no {name!r}: update tools/bench_ablations.py")
    return getattr(owner, name)


# -- the patches: each turns one trick off --------------------------------------------------
def _detection_cache() -> None:
    hands = _module("balatro_ecs.game.hands")
    _need(hands.Detector, "detect_uncached")
    hands.Detector.detect = lambda self, cards, key: self.detect_uncached(cards, key)


def _greedy_shapes() -> None:
    hands = _module("balatro_ecs.game.hands")
    init = hands.Detector.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.shaped = False

    hands.Detector.__init__ = __init__


def _shared_effects() -> None:
    effects = _module("balatro_ecs.kernel.effects")
    effect = effects.Effect
    for name, part in (("chips_of", "chips"), ("mult_of", "mult"), ("x_mult_of", "x_mult"),
                       ("dollars_of", "dollars")):  # fmt: skip
        _need(effect, name)
        setattr(effect, name, classmethod(lambda cls, value, part=part: cls(**{part: value})))


def _joker_plans() -> None:
    game = _module("balatro_ecs.game.game").Game
    sync = _need(game, "_sync")

    def _sync(self: Any, *args: Any, **kwargs: Any) -> None:
        self._synced = None  # rules and call plans rebuilt at every use
        sync(self, *args, **kwargs)

    game._sync = _sync


def _content_lists() -> None:
    manager = _module("balatro_ecs.kernel.manager")
    plugins = manager.Plugins
    all_ = _need(plugins, "all")

    def every(self: Any, family: Any) -> Any:
        self.cache.pop(f"all:{family.__qualname__}", None)
        return all_(self, family)

    plugins.all = every


def _standard_template() -> None:
    setup = _module("balatro_ecs.game.run.setup")
    standard = _need(setup, "_STANDARD")
    _need(setup, "_STANDARD_TEMPLATE")
    template = _module("balatro_ecs.game.cards").CardTemplate
    game = _module("balatro_ecs.game.game").Game
    set_up = game.set_up_cards
    fresh = setup._STANDARD_TEMPLATE = object()

    def set_up_cards(self: Any, specs: Any, *args: Any, **kwargs: Any) -> Any:
        if specs is fresh:  # the standard deck's components found anew for every game
            specs = template(standard)
        return set_up(self, specs, *args, **kwargs)

    game.set_up_cards = set_up_cards


def _mask_templates() -> None:
    engine = _module("balatro_ecs.game.run.engine")
    _need(engine, "_TEMPLATES")

    class Forgetful(dict):  # type: ignore[type-arg]
        def __setitem__(self, key: Any, value: Any) -> None:
            pass

    engine._TEMPLATES = Forgetful()


def _run_copier() -> None:
    state = _module("balatro_ecs.game.state")
    _need(state, "_copy_into")
    names = [f.name for f in dataclasses.fields(state.RunState)]

    def copy_into(src: Any, dst: Any) -> Any:
        for name in names:
            value = getattr(src, name)
            setattr(dst, name, copy.deepcopy(value) if isinstance(value, (list, dict)) else value)
        return dst

    state._copy_into = copy_into


def _preview_marshal() -> None:
    """The preview keeps deep copies of the counters and compares them with ``==``
    instead of one marshal blob."""
    module = _module("balatro_ecs.game.copying")
    _need(module, "_marshalled")
    preview = module.PreviewState
    init, restore = preview.__init__, preview.restore
    deep_copy = module.deep_copy

    def __init__(self: Any, game: Any) -> None:
        init(self, game)
        jokers = self.jokers[0]
        self.jokers = (jokers, None, [deep_copy(j.state) for j in jokers])

    def restore_(self: Any, game: Any) -> None:
        jokers, _, copies = self.jokers
        changed = [j.state for j in jokers] != copies
        self.jokers = (jokers, None, None)  # the counters are put back here, if they changed
        try:
            restore(self, game)
        finally:
            self.jokers = (jokers, None, copies)
        if changed:
            for joker, state in zip(jokers, copies, strict=True):
                joker.state.clear()
                joker.state.update(deep_copy(state))

    preview.__init__ = __init__
    preview.restore = restore_


def _card_texts() -> None:
    save = _module("balatro_ecs.game.run.save")
    _need(save, "_CARD_TEXTS")
    card, encode = save._card, save._encode
    save._card_text = lambda item: encode(card(item))


def _known_cards() -> None:
    check = _module("balatro_ecs.game.run.save_check")
    _need(check, "_GOOD_LIMIT")
    check._GOOD_LIMIT = 0


def _counter_templates() -> None:
    checks = _module("balatro_ecs.game.checks")
    _need(checks, "_TEMPLATES")

    class Forgetful(dict):  # type: ignore[type-arg]
        def __setitem__(self, key: Any, value: Any) -> None:
            pass

        def get(self, key: Any, default: Any = None) -> Any:
            return None

    checks._TEMPLATES = Forgetful()


def _layout_places() -> None:
    game = _module("balatro_ecs.game.game").Game
    laid_out = _need(game, "laid_out")

    def fresh(self: Any, *args: Any, **kwargs: Any) -> Any:
        self._layout_places = None
        return laid_out(self, *args, **kwargs)

    game.laid_out = fresh


def _lazy_index() -> None:
    world = _module("balatro_ecs.kernel.world").World
    init = world.__init__

    def __init__(self: Any) -> None:
        init(self)
        self._build_index()  # kept current from the first entity on

    world.__init__ = __init__


def _detect_keys() -> None:
    card = _module("balatro_ecs.game.cards").Card
    detect_key = _need(card, "detect_key")

    def fresh(self: Any) -> Any:
        self._key = None  # found again at every detection, never kept
        key = detect_key(self)
        self._key = None
        return key

    card.detect_key = fresh


def _outcome_texts() -> None:
    save = _module("balatro_ecs.game.run.save")
    _need(save, "_OUTCOME_TEXTS")
    encode = save._encode
    save._outcome_text = lambda outcome: encode(outcome.to_dict())


def _card_actions() -> None:
    engine = _module("balatro_ecs.game.run.engine")
    cached = _need(engine, "_card_actions")
    engine._card_actions = cached.__wrapped__


def _prepared_starts() -> None:
    prepared = _module("balatro_ecs.game.prepared")
    _need(prepared, "enabled")
    prepared.enabled = False


def _compiled_fill() -> None:
    records = _module("balatro_ecs.kernel.records")
    _need(records, "COMPILED")
    records.COMPILED = False  # (make_cards reads it at each call: cards made one by one)


def _scored_restore() -> None:
    """A kept ``score(dict)`` game is put back by a whole restore, not by what scoring
    writes."""
    copying = _module("balatro_ecs.game.copying")
    _need(copying, "restore_scored")
    whole = copying.restore

    def restore_scored(game: Any, snap: Any, scored: Any) -> None:
        whole(game, snap)

    copying.restore_scored = restore_scored


def _compiled_stream_step() -> None:
    """A draw goes through the Python step (the seeded hash, its walk and the first draw
    still compiled, as before the one-call step)."""
    rng = _module("balatro_ecs.kernel.rng")
    for name in ("_advance", "_roll", "_pick"):
        _need(rng, name)
        setattr(rng, name, getattr(rng, f"{name}_py"))


def _start_pools() -> None:
    blinds = _module("balatro_ecs.game.run.blinds")
    _need(blinds, "_boss_candidates")
    blinds._boss_candidates = blinds._fewest_bosses
    _need(blinds, "_voucher_pool")
    blinds._voucher_pool = blinds._work_out_voucher_pool


def _kept_handles() -> None:
    """A kept ``score(dict)`` game's result hands out its cards and events at once (its
    game then watched by reference counts until the next call), not when first read."""
    pool = _module("balatro_ecs.game.scenario_pool")
    kept = _need(pool, "KeptResult")
    score = pool.ScenarioPool.score

    def at_once(self: Any, entry: Any) -> Any:
        result = score(self, entry)
        if type(result) is kept:
            result.events  # noqa: B018  # (read: handed out now)
        return result

    pool.ScenarioPool.score = at_once


def _orjson_reads() -> None:
    """Saves read by ``json`` alone, as without the ``fast`` extra."""
    save = _module("balatro_ecs.game.run.save")
    _need(save, "_FAST")[0] = False


def _run_writer() -> None:
    """The run record written field by field (each value through ``_saved_value``), not
    by the generated writer."""
    state = _module("balatro_ecs.game.state")
    saved_value, names, plain = state._saved_value, state._NAMES, state._PLAIN
    _need(state, "_to_dict")

    def to_dict(run: Any, plugins: Any) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in names:
            value = getattr(run, name)
            data[name] = value if type(value) in plain else saved_value(name, value, plugins)
        return data

    state._to_dict = to_dict


def _json_rows_at_once() -> None:
    """A JSON save's rows of cards built row by row, card by card."""
    save = _module("balatro_ecs.game.run.save")
    _need(save, "_restore_read_rows")
    by_row, areas = save._restore_read_row, save._CARD_AREAS

    def row_by_row(game: Any, rows: dict[str, Any]) -> None:
        for name, area in areas.items():
            by_row(game, rows[name], area)

    save._restore_read_rows = row_by_row


def _hand_titles() -> None:
    """Every poker hand name read through ``HandType.from_name``."""
    check = _module("balatro_ecs.game.run.save_check")
    _need(check, "_hand_titles")
    check._hand_titles = frozenset


def _bare_games() -> None:
    """Copies and binary loads made through ``Game.__init__`` (then built over)."""
    copying = _module("balatro_ecs.game.copying")
    _need(copying, "bare_games")
    copying.bare_games = False


def _policy_parts() -> None:
    """The random policy builds the whole list of legal actions, then picks from it."""
    policies = _module("balatro_ecs.tools.policies")
    _need(_module("balatro_ecs.game.run.engine"), "legal_parts")

    def choose(self: Any, game: Any) -> Any:
        actions = game.legal_actions(reorders=False)
        if not actions:
            raise policies.BalatroError(f"no legal action in phase {game.phase.value}")
        return actions[self._rng.randint("choice", 0, len(actions) - 1)]

    policies.RandomPolicy.choose = choose


def _play_moves() -> None:
    """A play's cards move to the play area one by one (``move_card``)."""
    cards = _module("balatro_ecs.game.commands.cards")
    _need(cards.CardCommands, "_move_cards")

    def _move_cards(self: Any, chosen: Any, area: Any) -> None:
        for card in chosen:
            self.move_card(card, area)

    cards.CardCommands._move_cards = _move_cards


def _first_use_descriptors() -> None:
    """What a game made from a prepared start does not hold yet is found through a
    ``__getattr__`` on the game's class (every attribute read the slow way on 3.11), not
    through a descriptor per name."""
    core = _module("balatro_ecs.game.core")
    names = (*core.SHARED_UNTIL_USED, *core.MADE_ON_USE)
    base = core.GameCore.__mro__[1]
    found = {name: base.__dict__.get(name) for name in names}
    if None in found.values():
        raise SystemExit("GameCore has no first-use descriptors: update tools/bench_ablations.py")
    for name in names:
        delattr(base, name)

    def __getattr__(self: Any, name: str) -> Any:
        descriptor = found.get(name)
        if descriptor is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return descriptor.__get__(self, type(self))

    core.GameCore.__getattr__ = __getattr__


def _lazy_worlds() -> None:
    """Every world registers its esper world when made, not at its first query."""
    world = _module("balatro_ecs.kernel.world")
    cls = world.World
    _need(cls, "_register")
    init = cls.__init__

    def __init__(self: Any) -> None:
        init(self)
        self._register()

    cls.__init__ = __init__


def _start_columns() -> None:
    """A new game copies its prepared start entity by entity (``copying._entities``)."""
    copying = _module("balatro_ecs.game.copying")
    _need(copying, "start_copies")
    copying.start_copies = False


def _outcome_dicts() -> None:
    """Each action's :class:`Outcome` made by the frozen dataclass's ``__init__``."""
    outcome = _need(_module("balatro_ecs.game.actions"), "Outcome")
    _need(outcome, "_made")

    def _made(cls: Any, action: Any, *values: Any) -> Any:
        return cls(action, *values)

    outcome._made = classmethod(_made)


def _forced_gate() -> None:
    """A play and a discard look at every card for a forced one (the gate held open)."""
    components = _module("balatro_ecs.kernel.components")
    _need(components, "FORCED_MADE")[0] = True


#: trick -> (what it is, where, the bench cases it speeds up, the patch that turns it off)
ABLATIONS: dict[str, tuple[str, str, tuple[str, ...], Callable[[], None]]] = {
    "detection-cache": (
        "poker hand detections kept by their cards (detectors of the same hooks share one)",
        "game/hands.py Detector.detect",
        ("scoring", "random_game", "greedy_game"),
        _detection_cache,
    ),
    "greedy-shapes": (
        "the greedy policy keeps detections by the cards' shape (ranks, flush)",
        "tools/policies.py _candidates (Detector.shaped)",
        ("greedy_game",),
        _greedy_shapes,
    ),
    "shared-effects": (
        "Effect.mult_of & co. give one shared Effect per value",
        "kernel/effects.py",
        ("scoring", "score_dict"),
        _shared_effects,
    ),
    "joker-plans": (
        "rules and joker call plans rebuilt only when the row or plugin set changes",
        "game/sync.py _sync",
        ("scoring", "random_game", "action_mask"),
        _joker_plans,
    ),
    "content-lists": (
        "Plugins.all lists each family once per plugin set",
        "kernel/manager.py Plugins.all",
        ("new_game", "random_game"),
        _content_lists,
    ),
    "standard-template": (
        "the standard deck's value components found once per process",
        "game/run/setup.py _STANDARD_TEMPLATE",
        ("new_game",),
        _standard_template,
    ),
    "mask-templates": (
        "action-mask templates per phase and row sizes",
        "game/run/engine.py _TEMPLATES",
        ("action_mask",),
        _mask_templates,
    ),
    "run-copier": (
        "RunState copied by one generated function",
        "game/state.py _copier",
        ("clone", "random_game"),
        _run_copier,
    ),
    "preview-marshal": (
        "a preview keeps the jokers' counters as one marshal blob (against deep copies "
        "compared with ==), puts them back only if they changed",
        "game/copying.py PreviewState",
        ("greedy_game",),
        _preview_marshal,
    ),
    "card-texts": (
        "a card's saved text kept by the identities of its values tuple and serial",
        "game/run/save.py _card_text",
        ("save_load", "long_save"),
        _card_texts,
    ),
    "orjson-reads": (
        "a JSON save read by orjson where that is what json reads (the fast extra)",
        "game/run/save.py _fast_loads",
        ("save_load", "long_save"),
        _orjson_reads,
    ),
    "run-writer": (
        "the run record written by one generated function",
        "game/state.py _dict_writer",
        ("save_load", "long_save"),
        _run_writer,
    ),
    "json-rows-at-once": (
        "a JSON save's rows of cards made in one make_cards call",
        "game/run/save.py _restore_read_rows",
        ("save_load", "long_save"),
        _json_rows_at_once,
    ),
    "hand-titles": (
        "a poker hand's own title taken at once by the save check",
        "game/run/save_check.py _hand_titles",
        ("save_load", "long_save"),
        _hand_titles,
    ),
    "known-cards": (
        "a save check knows cards of a shape seen good before",
        "game/run/save_check.py good_cards",
        ("save_load", "long_save"),
        _known_cards,
    ),
    "counter-templates": (
        "a joker type's counter template built once",
        "game/checks.py joker_state_template",
        ("save_load", "long_save"),
        _counter_templates,
    ),
    "layout-places": (
        "the hand's places worked out once per layout",
        "game/commands/cards.py laid_out",
        ("greedy_game", "random_game"),
        _layout_places,
    ),
    "lazy-index": (
        "the world's per-type index built only when first queried",
        "kernel/world.py World._build_index",
        ("new_game", "clone", "random_game"),
        _lazy_index,
    ),
    "detect-keys": (
        "a card's detection key kept until the card or the rules change",
        "game/cards.py Card.detect_key",
        ("scoring", "greedy_game"),
        _detect_keys,
    ),
    "outcome-texts": (
        "a log entry's saved text kept while the entry lives",
        "game/run/save.py _outcome_text",
        ("long_save",),
        _outcome_texts,
    ),
    "prepared-starts": (
        "a new game copies the seed-free part of its start, sharing its entities until used",
        "game/prepared.py",
        ("new_game", "new_game_played", "random_game"),
        _prepared_starts,
    ),
    "compiled-fill": (
        "a copied game's cards made many at once by the compiled filler",
        "kernel/_fill_c.c, game/cards.py make_cards",
        ("clone", "save_load_fast", "new_game_played"),
        _compiled_fill,
    ),
    "card-actions": (
        "every play and discard of n cards built once per hand size",
        "game/run/engine.py _card_actions",
        ("random_game",),
        _card_actions,
    ),
    "bare-games": (
        "a copied or loaded game made bare, not through Game.__init__ (whose run record, "
        "deck entity and rows the copy replaces)",
        "game/copying.py _bare",
        ("clone", "save_load_fast"),
        _bare_games,
    ),
    "compiled-stream-step": (
        "a draw's whole step (a new stream's seeded hash, the move on, the rounding, the "
        "draw and the pick) in one compiled call",
        "kernel/_rng_c.c advance/roll/pick, kernel/rng.py GameRandom",
        ("new_game", "new_game_played", "random_game", "scoring"),
        _compiled_stream_step,
    ),
    "start-pools": (
        "the first boss's candidates and the voucher pools kept per plugin set",
        "game/run/blinds.py _boss_candidates, _voucher_pool",
        ("new_game", "random_game"),
        _start_pools,
    ),
    "scored-restore": (
        "a kept score(dict) game put back by what the game's own scoring writes",
        "game/copying.py restore_scored",
        ("score_dict_again", "score_dict"),
        _scored_restore,
    ),
    "kept-handles": (
        "a kept score(dict) game's result hands out its cards and events when first read",
        "game/scenario_pool.py KeptResult",
        ("score_dict_again", "score_dict"),
        _kept_handles,
    ),
    "policy-parts": (
        "the random policy picks from the legal actions' parts in place",
        "tools/policies.py RandomPolicy.choose, game/run/engine.py legal_parts",
        ("random_game",),
        _policy_parts,
    ),
    "play-moves": (
        "a play's cards move to the play area in one pass",
        "game/commands/cards.py _move_cards",
        ("replay", "random_game"),
        _play_moves,
    ),
    "first-use-descriptors": (
        "a prepared start's shared and made-on-use attributes found by a descriptor each, "
        "not by a __getattr__ that slows every attribute read on 3.11",
        "game/core.py _OnFirstUse",
        ("random_game", "replay", "new_game_played", "clone"),
        _first_use_descriptors,
    ),
    "lazy-worlds": (
        "a world registers its esper world at its first query, not when made",
        "kernel/world.py World._register",
        ("replay", "random_game", "clone", "save_load_fast"),
        _lazy_worlds,
    ),
    "start-columns": (
        "a new game copies its prepared start's cards from columns worked out once",
        "game/copying.py StartCopy",
        ("replay", "random_game", "new_game_played"),
        _start_columns,
    ),
    "outcome-dicts": (
        "each action's Outcome made with its fields' dict given at once",
        "game/actions.py Outcome._made",
        ("replay", "random_game"),
        _outcome_dicts,
    ),
    "forced-gate": (
        "a play or discard looks for a forced card only once one was ever made",
        "kernel/components.py FORCED_MADE",
        ("replay", "random_game"),
        _forced_gate,
    ),
}


# -- running ------------------------------------------------------------------------------------
def _child(trick: str, cases: list[str], passes: int, wall: bool) -> None:
    if not wall:  # the suite's clock: this process's CPU time, blind to other processes
        time.perf_counter = time.process_time
    if trick != "-":
        ABLATIONS[trick][3]()
    suite = _module("balatro_ecs.tools.benchsuite")
    results = suite.run_suite(cases, passes)
    print(json.dumps({r.name: r.median for r in results}))


def _run(
    trick: str, cases: tuple[str, ...], passes: int, off: bool, wall: bool
) -> dict[str, float]:
    argv = [sys.executable, __file__, "--child", trick if off else "-", "--passes", str(passes)]
    if wall:
        argv.append("--wall")
    done = subprocess.run([*argv, *cases], capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{trick} ({'off' if off else 'on'}): {done.stderr.strip()[-800:]}")
    found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tricks", nargs="*", help="tricks to measure (default: all)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--wall", action="store_true", help="time wall-clock seconds (default: CPU time)"
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.tricks, args.passes, args.wall)
        return 0
    if args.list:
        for name, (what, where, cases, _) in ABLATIONS.items():
            print(f"{name:18} {where}: {what} [{', '.join(cases)}]")
        return 0
    out: dict[str, dict[str, Any]] = {}
    for trick in args.tricks or list(ABLATIONS):
        _, _, cases, _ = ABLATIONS[trick]
        ratios: dict[str, list[float]] = {case: [] for case in cases}
        for n in range(args.rounds):
            order = (False, True) if n % 2 == 0 else (True, False)
            runs = {off: _run(trick, cases, args.passes, off, args.wall) for off in order}
            for case in cases:
                ratios[case].append(runs[True][case] / runs[False][case])
        out[trick] = {case: statistics.median(values) for case, values in ratios.items()}
        line = ", ".join(f"{case} {ratio:.2f}" for case, ratio in out[trick].items())
        print(f"{trick:18} off/on: {line}", flush=True)
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    os.environ.pop(ENV, None)
    sys.exit(main())

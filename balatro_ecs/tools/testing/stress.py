"""A stress run: many seeded games played to the end, every step checked.

Each step applies a legal action (the greedy policy mostly, a random one now and then)
and then checks that a save reloads to the same bytes and that a clone saves to them too.
Between steps it mixes in what must change nothing:

* illegal actions, drawn from the whole action space (every one must raise
  :class:`~balatro_ecs.kernel.errors.IllegalActionError`), and illegal rearranges of the
  hand or the consumables (a row not shown, an order too short or naming a slot past the
  end);
* legal rearranges (:class:`~balatro_ecs.game.actions.Rearrange`, outside the action
  space and ``legal_actions``): applied, logged and replayed like any action;
* actions with fields of the wrong type (every one must raise a
  :class:`~balatro_ecs.kernel.errors.BalatroError` when made or applied);
* injected faults: a joker whose every hook raises while it is armed is in some games'
  rows; an armed action must either run no hook of it (and apply normally) or raise a
  :class:`~balatro_ecs.kernel.errors.HookError` naming it, with the game saved to the same
  bytes as before.

At the end of each game its log is replayed on a new game from the same seed, which must
save to the same bytes. Anything else raised, and any check that fails, is an *escape*:
it is counted, described and the run goes on with the next game.

>>> report = stress(60, seed="DOC")
>>> report.actions >= 60 and report.escapes == []
True

``python -m balatro_ecs.testing.stress --actions 100000`` runs a long one and prints the
figures; ``tests/test_stress.py`` runs a short one (``BALATRO_ECS_STRESS_ACTIONS`` for more).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from ...game.actions import ACTION_SPACE, Action, Discard, MoveJoker, Play, Rearrange, Sell
from ...game.game import Game
from ...game.state import Phase
from ...kernel.content import DeckType, JokerType
from ...kernel.errors import BalatroError, HookError, IllegalActionError
from ...kernel.hookspecs import hookimpl
from ...kernel.manager import Plugins
from ...kernel.rng import LuaRandom, pseudohash
from ..policies import GreedyPolicy
from ..progress import ProgressBar

T = TypeVar("T")

__all__ = ["FAULT_JOKER", "FaultyJoker", "StressReport", "main", "stress"]

#: The key of the joker whose hooks raise while armed.
FAULT_JOKER = "j_stress_fault"

#: Joker hooks the faulty joker leaves alone: answering them changes what the row *is*
#: (its rules, what it copies), not what happens in it.
_LEFT_OUT = frozenset({"joker_rules", "joker_copy_target"})


class FaultyJoker:
    """A joker that implements every joker hook; each raises while :attr:`armed` is set
    and does nothing otherwise. ``fired`` counts the faults raised, by hook."""

    type = JokerType(key=FAULT_JOKER, name="Stress Fault", rarity=1, cost=1)

    def __init__(self) -> None:
        self.armed = False
        #: Arm only this hook (``None``: every hook).
        self.only: str | None = None
        self.fired: dict[str, int] = {}

    @hookimpl
    def balatro_content(self) -> JokerType:
        return self.type

    def _maybe_raise(self, hook: str) -> None:
        if self.armed and (self.only is None or self.only == hook):
            self.fired[hook] = self.fired.get(hook, 0) + 1
            raise RuntimeError(f"injected fault in {hook}")


def _make_hook(hook: str) -> Any:
    def implementation(self: FaultyJoker) -> None:
        self._maybe_raise(hook)

    implementation.__name__ = hook
    # a code object of its own, so that a fault names this hook, not the first one made
    implementation.__code__ = implementation.__code__.replace(co_name=hook)
    return hookimpl(implementation)


def _joker_hooks() -> list[str]:
    from ...kernel import hookspecs

    return sorted(
        name
        for name in dir(hookspecs)
        if name.startswith("joker_") and callable(getattr(hookspecs, name))
        if name not in _LEFT_OUT
    )


_HOOKS = _joker_hooks()
for _hook in _HOOKS:
    setattr(FaultyJoker, _hook, _make_hook(_hook))


@dataclass
class StressReport:
    """What a stress run did, and what escaped."""

    games: int = 0
    actions: int = 0
    illegal_actions: int = 0
    badly_typed_actions: int = 0
    rearranges: int = 0
    faults_armed: int = 0
    faults_raised: int = 0
    faults_by_hook: dict[str, int] = field(default_factory=dict)
    saves_checked: int = 0
    clones_checked: int = 0
    replays_checked: int = 0
    seconds: float = 0.0
    escapes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        return (
            f"{self.games:,} games, {self.actions:,} actions "
            f"({self.rearranges:,} rearranges besides), "
            f"{self.illegal_actions:,} illegal and {self.badly_typed_actions:,} badly typed "
            f"actions refused, {self.faults_raised:,} faults raised "
            f"({self.faults_armed:,} armed) in {len(self.faults_by_hook)} hooks, "
            f"{self.saves_checked:,} saves, {self.clones_checked:,} clones and "
            f"{self.replays_checked:,} replays checked, {len(self.escapes)} escapes "
            f"({self.seconds:.0f} s)"
        )


#: Actions with fields of the wrong type: each must be refused when made or applied.
def _badly_typed() -> list[Any]:
    return [
        lambda: Play(("0", "1")),  # type: ignore[arg-type]
        lambda: Play((0.9, 1.7)),  # type: ignore[arg-type]
        lambda: Play((True,)),
        lambda: Discard((-1,)),
        lambda: Discard((0, 0)),
        lambda: MoveJoker(1, 0.0),  # type: ignore[arg-type]
        lambda: Sell("joker", "0"),  # type: ignore[arg-type]
        lambda: Rearrange("deck", (0,)),
        lambda: Rearrange("hand", (1, 1)),
        lambda: Rearrange("consumables", "10"),  # type: ignore[arg-type]
        lambda: Play(()),
    ]


class _Chooser(LuaRandom):
    """The stress driver's own choices: a generator of the game's kind, seeded from the
    run's seed, apart from every game's streams."""

    __slots__ = ()

    def choice(self, items: Sequence[T]) -> T:
        return items[self.choice_index(len(items))]


class _Escape(Exception):
    pass


def _expect_unchanged(game: Game, before: str, what: str) -> None:
    if game.to_json() != before:
        raise _Escape(f"{what} changed the game")


def stress(
    actions: int = 100_000,
    *,
    seed: str = "STRESS",
    illegal_per_step: float = 0.5,
    fault_rate: float = 0.05,
    progress: bool = False,
) -> StressReport:
    """Play at least ``actions`` legal actions over as many games as it takes.

    :param seed: Seeds the choice of deck, stake, game seeds and mixed-in actions (a
        local generator; the games draw only from their own streams).
    :param illegal_per_step: Illegal actions tried per legal one, on average.
    :param fault_rate: Share of legal actions applied with the faulty joker armed.
    """
    chooser = _Chooser(pseudohash(seed))  # the test driver's own stream, not the game's
    faulty = FaultyJoker()
    plugins = Plugins(plugins=[faulty], entry_points=False)
    decks = sorted(d.name for d in plugins.all(DeckType) if d.selectable)
    report = StressReport()
    bar = ProgressBar(actions, "actions", enabled=progress)
    start = time.perf_counter()
    try:
        while report.actions < actions:
            report.games += 1
            game_seed = f"{seed}{report.games}"
            deck, stake = chooser.choice(decks), chooser.randint(1, 8)
            try:
                played = _stress_game(
                    plugins, faulty, deck, stake, game_seed, chooser, report,
                    illegal_per_step, fault_rate, actions - report.actions,
                )  # fmt: skip
            except _Escape as escape:
                report.escapes.append(f"{game_seed} ({deck}, stake {stake}): {escape}")
                played = 1
            except Exception as err:  # an escape: counted and described, the run goes on
                report.escapes.append(
                    f"{game_seed} ({deck}, stake {stake}): {type(err).__name__}: {err}"
                )
                played = 1
            bar.advance(played)
    finally:
        faulty.armed = False
        bar.close()
    report.faults_by_hook = dict(sorted(faulty.fired.items()))
    report.seconds = time.perf_counter() - start
    return report


def _stress_game(
    plugins: Plugins,
    faulty: FaultyJoker,
    deck: str,
    stake: int,
    game_seed: str,
    chooser: _Chooser,
    report: StressReport,
    illegal_per_step: float,
    fault_rate: float,
    budget: int,
) -> int:
    game = Game(deck=deck, stake=stake, seed=game_seed, plugins=plugins)
    with_fault = chooser.random() < 0.5
    if with_fault:
        game.add_joker(FAULT_JOKER)
    greedy = GreedyPolicy()
    played = 0
    while game.phase is not Phase.GAME_OVER and not game.run.won and played < budget:
        before = game.to_json()
        _try_illegal(game, before, chooser, report, illegal_per_step)
        if chooser.random() < 0.1 and _rearrange(game, chooser, report):
            before = game.to_json()  # (what a fault below must leave unchanged)
        legal = game.legal_actions()
        if not legal:
            raise _Escape(f"no legal action in phase {game.phase.value}")
        action = greedy.choose(game) if chooser.random() < 0.8 else chooser.choice(legal)
        if with_fault and chooser.random() < fault_rate:
            report.faults_armed += 1
            raised_before = sum(faulty.fired.values())
            # Half the faults arm every hook (the first one called raises); half arm one
            # hook at random, so that hooks called late in an action are reached too.
            faulty.only = chooser.choice(_HOOKS) if chooser.random() < 0.5 else None
            faulty.armed = True
            try:
                game.apply(action)
            except HookError as err:
                if err.key != FAULT_JOKER or err.plugin is None or err.hook is None:
                    raise _Escape(f"a fault named wrongly: {err}") from err
                report.faults_raised += 1
                _expect_unchanged(game, before, f"a fault in {err.hook}")
                faulty.armed = False
                continue  # the same state again, unarmed next time
            finally:
                faulty.armed = False
            if sum(faulty.fired.values()) != raised_before:
                raise _Escape(f"{action.text()}: a fault was raised but not reported")
        else:
            game.apply(action)
        played += 1
        report.actions += 1
        _check_copies(game, plugins, report)
    _check_replay(game, plugins, deck, stake, game_seed, with_fault, report)
    return played


def _try_illegal(
    game: Game, before: str, chooser: _Chooser, report: StressReport, rate: float
) -> None:
    tries = int(rate) + (1 if chooser.random() < rate - int(rate) else 0)
    for _ in range(tries):
        action: Action = chooser.choice(ACTION_SPACE.actions)
        if not game.can(action):
            _expect_refused(game, before, action, report)
    if chooser.random() < rate / 4:
        _try_illegal_rearrange(game, before, chooser, report)
    if chooser.random() < rate / 4:
        make = chooser.choice(_badly_typed())
        try:
            game.apply(make())
        except BalatroError:
            pass
        else:
            raise _Escape("an action with fields of the wrong type was applied")
        report.badly_typed_actions += 1
        _expect_unchanged(game, before, "a badly typed action")


def _random_order(chooser: _Chooser, n: int) -> tuple[int, ...]:
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = chooser.randint(0, i)
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _rearrange(game: Game, chooser: _Chooser, report: StressReport) -> bool:
    """A random order of the hand (when shown) or of the consumables, applied if legal
    (then ``True``)."""
    shown = game.phase in (Phase.ROUND, Phase.PACK) and len(game.hand) > 0
    row = "hand" if shown and chooser.random() < 0.7 else "consumables"
    n = len(game.hand if row == "hand" else game.consumables)
    action = Rearrange(row, _random_order(chooser, n))
    if not game.can(action):
        return False
    game.apply(action)
    report.rearranges += 1
    return True


def _expect_refused(game: Game, before: str, action: Action, report: StressReport) -> None:
    """``action``, which ``can()`` refuses, must raise ``IllegalActionError`` on ``apply``
    and leave the game as it was (``before``)."""
    try:
        game.apply(action)
    except IllegalActionError:
        pass
    else:
        raise _Escape(f"{action.text()}: refused by can() but applied")
    report.illegal_actions += 1
    _expect_unchanged(game, before, f"the illegal {action.text()}")


def _try_illegal_rearrange(
    game: Game, before: str, chooser: _Chooser, report: StressReport
) -> None:
    """A rearrange that names too few slots, one past the end, or a row not shown."""
    row = chooser.choice(("hand", "consumables"))
    n = len(game.hand if row == "hand" else game.consumables)
    kind = chooser.randint(1, 3)
    if kind == 1 and n:
        order = _random_order(chooser, n)[1:]
    elif kind == 2:
        order = (*_random_order(chooser, n), n + chooser.randint(0, 2))
    else:
        order = _random_order(chooser, n)
    action = Rearrange(row, order)
    if not game.can(action):
        _expect_refused(game, before, action, report)


def _check_copies(game: Game, plugins: Plugins, report: StressReport) -> None:
    text = game.to_json()
    if Game.from_json(text, plugins).to_json() != text:
        raise _Escape(f"step {len(game.log)}: the save does not reload to the same bytes")
    report.saves_checked += 1
    if game.clone().to_json() != text:
        raise _Escape(f"step {len(game.log)}: a clone saves differently")
    report.clones_checked += 1


def _check_replay(
    game: Game,
    plugins: Plugins,
    deck: str,
    stake: int,
    game_seed: str,
    with_fault: bool,
    report: StressReport,
) -> None:
    again = Game(deck=deck, stake=stake, seed=game_seed, plugins=plugins)
    if with_fault:
        again.add_joker(FAULT_JOKER)
    for outcome in game.log:
        again.apply(outcome.action)
    if again.to_json() != game.to_json():
        raise _Escape("replaying the log gives another game")
    report.replays_checked += 1


def main(argv: list[str] | None = None) -> int:
    """``python -m balatro_ecs.testing.stress``: a long stress run, its figures printed."""
    parser = argparse.ArgumentParser(prog="python -m balatro_ecs.testing.stress")
    parser.add_argument("--actions", type=int, default=100_000, help="legal actions to play")
    parser.add_argument("--seed", default="STRESS", help="seeds the run's choices")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.actions < 1:
        parser.error(f"--actions: expected a positive number, got {args.actions}")
    report = stress(args.actions, seed=args.seed, progress=True)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(report.summary())
        for escape in report.escapes[:20]:
            print(f"  escape: {escape}")
    return 1 if report.escapes else 0


if __name__ == "__main__":
    sys.exit(main())

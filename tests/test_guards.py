"""State written by hooks is checked after each action, and hooks run under guards: a hook
that breaks what a save needs, calls ``game.apply`` or never returns is named, and the
action is undone (balatro_ecs.run.invariants, balatro_ecs.kernel.guard)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from balatro_ecs.actions import Play, SelectBlind
from balatro_ecs.errors import HookError
from balatro_ecs.testing.modules import plugin_module

from balatro_ecs import Game, Plugins
from balatro_ecs.plugin import Effect, JokerType


def _game(joker_main: Callable[..., Any], **options: Any) -> Game:
    declared = JokerType(key="j_t_hostile", name="Hostile", rarity=1, cost=1)
    module = plugin_module("t_hostile", declared, joker_main=joker_main)
    game = Game(seed="GUARDS", plugins=Plugins(plugins=[module], entry_points=False), **options)
    game.add_joker("j_t_hostile")
    game.add_joker("j_joker")
    game.apply(SelectBlind())
    return game


def _refused(game: Game, match: str) -> HookError:
    before, log = game.to_json(), len(game.log)
    with pytest.raises(HookError, match=match) as raised:
        game.apply(Play((0, 1)))
    assert game.to_json() == before and len(game.log) == log  # rolled back
    return raised.value


def _set(name: str, value: object) -> Callable[..., None]:
    def joker_main(ctx: Any, joker: Any) -> None:
        setattr(ctx.game.run, name, value)

    return joker_main


@pytest.mark.parametrize(
    ("write", "problem"),
    [
        (_set("dollars", 2.5), r"run\.dollars must be a whole number, got 2\.5"),
        (_set("dollars", 10**30), r"run\.dollars must be within"),
        (_set("hands_left", -3), r"run\.hands_left must be within 0\.\.1000, got -3"),
        (_set("joker_slots", -2), r"run\.joker_slots must be within 0\.\.1000, got -2"),
        (_set("discards_left", "3"), r"run\.discards_left must be a whole number, got '3'"),
        (_set("joker_rate", float("nan")), r"run\.joker_rate must be a number, not negative"),
        (
            lambda ctx, joker: ctx.game.jokers.append(joker) if len(ctx.game.jokers) < 3 else None,
            r"jokers: an entity is in the row twice",
        ),
        (lambda ctx, joker: ctx.game.jokers.clear(), r"one is in no row"),
        (
            lambda ctx, joker: ctx.game.consumables.append(joker),
            r"one is in two rows|says it is in jokers",
        ),
    ],
)
def test_a_hook_that_breaks_what_a_save_needs_is_named_and_undone(
    write: Callable[..., Any], problem: str
) -> None:
    game = _game(write)
    err = _refused(game, r"^plugin t_hostile: joker_main of j_t_hostile broke the game's state")
    assert err.plugin == "t_hostile" and err.key == "j_t_hostile"
    assert re.search(problem, str(err)), str(err)
    assert "play 1 2 was undone" in str(err)
    assert game.to_json()  # it still saves


def test_money_past_10_15_from_an_effect_names_the_joker() -> None:
    game = _game(lambda ctx, joker: Effect(dollars=10**30))
    err = _refused(game, r"^plugin t_hostile: j_t_hostile gave an effect the engine cannot")
    assert "dollars: expected at most 1000000000000000" in str(err)


def test_checks_are_on_for_third_party_hooks_and_can_be_forced() -> None:
    assert Plugins.default().foreign_hooks() is False
    game = _game(_set("hands_left", -3), checks=False)
    game.apply(Play((0, 1)))  # unchecked: the game is broken, as asked
    assert game.run.hands_left == -3
    vanilla = Game(seed="GUARDS", checks=True)
    vanilla.run.dollars = 0.5  # written outside any action: found by the next one
    with pytest.raises(HookError, match=r"^select broke the game's state: run\.dollars"):
        vanilla.apply(SelectBlind())


def test_calling_apply_from_a_hook_names_the_hook() -> None:
    game = _game(lambda ctx, joker: ctx.game.apply(Play((0,))))
    err = _refused(
        game, r"^plugin t_hostile: joker_main of j_t_hostile called game\.apply\(play 1\)"
    )
    assert err.hook == "joker_main"


def _endless(ctx: Any, joker: Any) -> None:
    while True:
        pass


def test_a_hook_that_never_returns_is_stopped_by_the_budget_and_named() -> None:
    game = _game(_endless, budget=0.3)
    started = time.monotonic()
    err = _refused(game, r"^plugin t_hostile: joker_main of j_t_hostile raised HookTimeout")
    assert time.monotonic() - started < 5
    assert "time budget" in str(err)
    game.budget = None  # the game plays on (a normal hand now)
    game.apply(SelectBlind()) if game.phase.value == "blind_select" else None


def test_a_hook_that_grows_the_joker_row_forever_is_stopped() -> None:
    def joker_main(ctx: Any, joker: Any) -> None:
        for other in ctx.game.jokers:  # appending while iterating: never ends
            ctx.game.jokers.append(other)
            time.sleep(0.0005)  # (slowly: the test's memory stays small on a busy machine)

    game = _game(joker_main, budget=0.3)
    err = _refused(game, r"^plugin t_hostile: joker_main of j_t_hostile raised HookTimeout")
    assert err.key == "j_t_hostile"


def test_the_budget_guards_games_in_other_threads_too() -> None:
    errors: list[BaseException] = []

    def play() -> None:
        game = _game(_endless, budget=0.3)
        try:
            game.apply(Play((0, 1)))
        except HookError as err:
            errors.append(err)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive() and len(errors) == 1


def test_a_normal_game_is_never_stopped() -> None:
    from balatro_ecs.policies import make_policy

    game = Game(seed="GUARDOK", budget=0.5, checks=True)
    policy = make_policy("random", "GUARDOK")
    while game.phase.value != "game_over" and len(game.log) < 200:
        game.apply(policy.choose(game))
    assert game.to_json()


def test_a_runaway_hook_in_a_preview_is_stopped_and_named() -> None:
    from balatro_ecs.tools.policies import GreedyPolicy

    game = _game(_endless, budget=0.3)
    before = game.to_json()
    for preview in (lambda: game.preview_play([0, 1]), lambda: GreedyPolicy().choose(game)):
        with pytest.raises(HookError, match=r"^plugin t_hostile: joker_main of j_t_hostile"):
            preview()
        assert game.to_json() == before


def test_the_watchdog_outlives_a_game_caught_without_its_guard_state() -> None:
    """The watchdog's thread reads each game's guard state while the game's own thread may
    be copying into it; a game caught without it counts as idle, and the sweep goes on to
    the other games (an AttributeError there once ended the watchdog's thread)."""
    from balatro_ecs.kernel import guard

    class HalfMade:  # a game whose attributes are not there yet
        pass

    half = HalfMade()
    game = Game(seed="WATCH", budget=0.01)
    game._busy, game._tick = 12345, 1
    dog = guard._Watchdog()
    dog.games.add(half)  # type: ignore[arg-type]
    dog.games.add(game)
    dog.sweep(time.monotonic())  # no AttributeError
    assert guard._guard_state(half) == (0, 0, None)  # type: ignore[arg-type]
    assert game in dog.seen and half not in dog.seen
    game._busy = 0

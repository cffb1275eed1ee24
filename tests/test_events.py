"""One schedule: every event of the run is declared in balatro_ecs.game.events, reaches the
game through the hooks a pack has, and a plugin's systems join any event by name."""

from __future__ import annotations

import pytest

from balatro_ecs import Game
from balatro_ecs.game import events
from balatro_ecs.game.actions import Buy, CashOut, EndShop, SelectBlind
from balatro_ecs.game.run import engine
from balatro_ecs.game.run.flow import EventContext, run_event
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.errors import PluginError, ScheduleError, UnknownNameError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.kernel.schedule import Event, System, compile_schedule
from balatro_ecs.plugin import hookimpl
from balatro_ecs.tools.cli import main
from balatro_ecs.tools.testing.runs import play_blind, win_round


def shop_with(joker: str, *, seed: str, plugins: Plugins) -> Game:
    """A game in its first shop, ``joker`` on offer in slot 1 and money to buy it."""
    game = Game(seed=seed, plugins=plugins)
    win_round(play_blind(game))
    game.apply(CashOut())
    offer = game.new_joker(joker, area=Area.SHOP)
    game.drop_offer(game.shop[0])
    game.shop[0] = offer
    offer.zone.slot = 0
    game.run.dollars = 50
    return game


def test_every_action_runs_a_declared_event(balatro_plugins: Plugins) -> None:
    declared = balatro_plugins.events
    for action in engine._CHECKS:
        assert action.event in declared, action
    assert [e.name for e in events.EVENTS] == list(declared)


def test_every_event_compiles_and_lists_its_systems(
    balatro_plugins: Plugins, capsys: pytest.CaptureFixture[str]
) -> None:
    for event in events.EVENTS:
        schedule = balatro_plugins.schedule(event.name)
        assert schedule.phases == event.phases
        assert len(schedule.systems) == len(events.SYSTEMS[event.name]), event.name
        assert main(["schedule", "--event", event.name]) == 0
        out = capsys.readouterr().out
        assert out.splitlines()[0].split()[0] == schedule.systems[0].phase.split()[0]
    assert main(["schedule", "--list"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == [e.name for e in events.EVENTS]
    assert main(["schedule", "--event", "plya"]) == 2
    assert "unknown event 'plya' (did you mean 'play'?)" in capsys.readouterr().err


def test_the_game_s_systems_come_through_the_hooks_a_pack_uses() -> None:
    plugins = Plugins(entry_points=False)
    assert plugins.pm.get_plugin("balatro_ecs.game.events") is events
    for hook in ("balatro_run_events", "balatro_run_systems", "balatro_scoring_systems"):
        owners = [impl.plugin for impl in getattr(plugins.pm.hook, hook).get_hookimpls()]
        assert owners == [events], hook
    blocked = Plugins(entry_points=False, block=["balatro_ecs.game.events"])
    assert blocked.events == {}
    with pytest.raises(UnknownNameError, match="unknown event 'start_run'"):
        Game(seed="NOEVENTS", plugins=blocked)


def test_run_conditions_say_when_a_system_runs() -> None:
    seen: list[str] = []
    systems = [
        System("a", "early", lambda ctx: seen.append("a")),
        System("b", "early", lambda ctx: seen.append("b"), after=("a",), run_if=lambda c: c),
        System("c", "late", lambda ctx: seen.append("c")),
    ]
    schedule = compile_schedule(("early", "late"), systems)
    for run in schedule.functions:
        run(False)
    assert seen == ["a", "c"]
    seen.clear()
    schedule.run(True, skip=("late",))
    assert seen == ["a", "b"]
    seen.clear()
    schedule.run(True, stop_before="late")
    assert seen == ["a", "b"]
    assert "[if <lambda>]" in schedule.describe()


def test_vanilla_run_conditions_are_shown(balatro_plugins: Plugins) -> None:
    described = balatro_plugins.schedule("discard").describe()
    assert "discard:count_discard  [if not_forced]" in described


class _Watcher:
    """A pack's systems around the game's own: money seen before and after paying."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, int, int]] = []

    def _see(self, ctx: EventContext, when: str) -> None:
        self.seen.append((when, ctx.game.run.dollars, len(ctx.game.shop)))

    @hookimpl
    def balatro_run_systems(self) -> list[System]:
        return [
            System(
                "watch:before_paying",
                "pay",
                lambda ctx: self._see(ctx, "before"),
                before=("buy:pay_for_offer",),
                event="buy",
            ),
            System(
                "watch:after_paying",
                "pay",
                lambda ctx: self._see(ctx, "after"),
                after=("buy:pay_for_offer",),
                event="buy",
            ),
        ]


def test_a_plugin_s_systems_join_an_event_by_before_and_after() -> None:
    watcher = _Watcher()
    plugins = Plugins(plugins=[watcher], entry_points=False)
    names = plugins.schedule("buy").names
    assert names.index("watch:before_paying") < names.index("buy:pay_for_offer")
    assert names.index("buy:pay_for_offer") < names.index("watch:after_paying")
    assert names.index("watch:after_paying") < names.index("buy:take_offer")
    game = shop_with("j_joker", seed="WATCH001", plugins=plugins)
    dollars, offers = game.run.dollars, len(game.shop)
    price = game.shop[0].buy_cost
    game.apply(Buy(0))
    assert watcher.seen == [("before", dollars, offers), ("after", dollars - price, offers)]
    assert not any("watch" in name for name in plugins.schedule("sell").names)


def test_a_system_naming_an_unknown_event_is_an_error_when_the_set_is_built() -> None:
    class Typo:
        @hookimpl
        def balatro_run_systems(self) -> list[System]:
            return [System("typo:x", "score", lambda ctx: None, event="plya")]

    with pytest.raises(ScheduleError, match=r"names event 'plya'.*did you mean 'play'"):
        Plugins(plugins=[Typo()], entry_points=False)


def test_a_system_in_an_unknown_phase_is_an_error_when_the_set_is_built() -> None:
    class Wrong:
        @hookimpl
        def balatro_run_systems(self, event: str) -> list[System]:
            return [System("wrong:x", "payy", lambda ctx: None)] if event == "buy" else []

    with pytest.raises(ScheduleError, match=r"event 'buy': .*unknown phase 'payy'"):
        Plugins(plugins=[Wrong()], entry_points=False)


def test_a_pack_declares_its_own_event_and_runs_it() -> None:
    class Mode:
        @hookimpl
        def balatro_run_events(self) -> list[Event]:
            return [Event("mode_bonus", ("pay", "after"), "a game mode's own event")]

        @hookimpl
        def balatro_run_systems(self, event: str) -> list[System]:
            if event != "mode_bonus":
                return []
            return [System("mode:pay", "pay", lambda ctx: ctx.game.earn(ctx["dollars"], "mode"))]

    plugins = Plugins(plugins=[Mode()], entry_points=False)
    assert plugins.events["mode_bonus"].phases == ("pay", "after")
    game = Game(seed="MODE0001", plugins=plugins)
    before = game.run.dollars
    run_event(game, "mode_bonus", dollars=7)
    assert game.run.dollars == before + 7

    class Again:
        @hookimpl
        def balatro_run_events(self) -> list[Event]:
            return [Event("play", ("x",))]

    with pytest.raises(PluginError, match="declares event 'play', which plugin"):
        Plugins(plugins=[Again()], entry_points=False)


def test_actions_run_their_events(balatro_plugins: Plugins) -> None:
    """Each action runs its event's systems: a pack's system on ``leave_shop`` and on
    ``select_blind`` sees the action happen."""
    seen: list[str] = []

    class Spy:
        @hookimpl
        def balatro_run_systems(self) -> list[System]:
            return [
                System("spy:left", "advance", lambda c: seen.append("left"), event="leave_shop",
                       after=("leave_shop:close_shop",)),
                System("spy:select", "draw", lambda c: seen.append(c.game.phase.value),
                       event="select_blind", after=("select_blind:draw_first_hand",)),
            ]  # fmt: skip

    plugins = Plugins(plugins=[Spy()], entry_points=False)
    game = shop_with("j_joker", seed="SPY00001", plugins=plugins)
    assert seen == ["round"]  # the first blind, on the way to the shop
    seen.clear()
    game.apply(EndShop())
    game.apply(SelectBlind())
    assert seen == ["left", "round"]

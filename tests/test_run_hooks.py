"""The joker hooks of run events (issue 18): each is called per joker in slot order through
the row's call plans -- copied by Blueprint, skipped when debuffed -- at its place in its
event, and the chains (money, cards to draw, the ante's change) pass each joker the value
the one before it left."""

from __future__ import annotations

from typing import Any

import pytest
from balatro_ecs.actions import (
    Buy,
    BuyPack,
    CashOut,
    MoveJoker,
    Play,
    SelectBlind,
    SkipPack,
)

from balatro_ecs import Game, Plugins
from balatro_ecs.game.dispatch import JOKER_HOOKS
from balatro_ecs.kernel.content import JokerType, VoucherType
from balatro_ecs.kernel.effects import Effect
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round

PROBE = JokerType(key="j_test_probe", name="Probe", effect="Records its run hooks.")
#: The hooks added for run events, each with what a call records.
RUN_HOOKS = (
    "joker_money",
    "joker_hand_levelled",
    "joker_tag_gained",
    "joker_tag_used",
    "joker_shop_opened",
    "joker_shop_card",
    "joker_card_bought",
    "joker_rearranged",
    "joker_card_added",
    "joker_press_play",
    "joker_hand_drawn",
    "joker_drawing_cards",
    "joker_initial_scoring_step",
    "joker_final_scoring_step",
    "joker_blind_disabled",
    "joker_booster_closed",
    "joker_held_end_of_round",
    "joker_ante_change",
)


def _probe(calls: list[tuple[str, str]]) -> Plugins:
    def record(hook: str) -> Any:
        def hook_fn(*args: Any) -> Any:
            joker = args[1]
            copied = joker.copied_by.name if joker.copied_by is not None else "-"
            calls.append((hook, copied))
            return None

        hook_fn.__name__ = hook
        return hook_fn

    hooks = {}
    for hook in RUN_HOOKS:
        fn = record(hook)
        # each implementation takes the spec's parameters by name
        from inspect import signature

        from balatro_ecs.kernel import hookspecs

        params = list(signature(getattr(hookspecs, hook)).parameters)
        namespace: dict[str, Any] = {"fn": fn}
        exec(f"def {hook}({', '.join(params)}):\n    return fn({', '.join(params)})", namespace)
        hooks[hook] = namespace[hook]
    module = plugin_module("test_probe", PROBE, **hooks)
    return Plugins(plugins=[module], entry_points=False, config=False)


@pytest.fixture
def probed() -> tuple[Game, list[tuple[str, str]]]:
    calls: list[tuple[str, str]] = []
    game = Game(seed="PROBE", plugins=_probe(calls))
    game.add_joker("j_blueprint")
    game.add_joker("j_test_probe")
    game.add_joker("j_test_probe", debuff=True)
    calls.clear()
    return game, calls


def _twice(calls: list[tuple[str, str]], hook: str) -> list[tuple[str, str]]:
    return [c for c in calls if c[0] == hook]


def test_every_run_hook_is_planned() -> None:
    assert set(RUN_HOOKS) <= set(JOKER_HOOKS)


def test_each_run_hook_runs_for_the_copy_then_the_joker_never_the_debuffed_one(
    probed: tuple[Game, list[tuple[str, str]]],
) -> None:
    game, calls = probed

    def seen(hook: str) -> list[str]:
        return [c[1] for c in _twice(calls, hook)]

    game.apply(SelectBlind())  # draws: drawing_cards, hand_drawn
    assert seen("joker_drawing_cards")[:2] == ["Blueprint", "-"]
    assert seen("joker_hand_drawn")[:2] == ["Blueprint", "-"]
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    calls.clear()
    game.apply(Play((0, 1)))  # press play, the scoring steps, money if any
    for hook in ("joker_press_play", "joker_initial_scoring_step", "joker_final_scoring_step"):
        assert seen(hook) == ["Blueprint", "-"], hook
    calls.clear()
    game.level_up(HandType.PAIR, 1, "test")
    assert seen("joker_hand_levelled") == ["Blueprint", "-"]
    calls.clear()
    game.earn(3, "test")
    assert seen("joker_money") == ["Blueprint", "-"]
    calls.clear()
    game.disable_blind()
    assert seen("joker_blind_disabled") == ["Blueprint", "-"]
    calls.clear()
    game.gain_tag("tag_economy")  # gained, then used at once
    assert seen("joker_tag_gained") == ["Blueprint", "-"]
    assert seen("joker_tag_used") == ["Blueprint", "-"]
    calls.clear()
    game.add_consumable("c_pluto")
    assert seen("joker_card_added") == ["Blueprint", "-"]
    calls.clear()
    held = len(game.hand)
    win_round(game)  # held cards at the end of the round
    assert seen("joker_held_end_of_round") == ["Blueprint", "-"] * held
    calls.clear()
    game.apply(CashOut())  # the shop opens, its cards stocked
    assert seen("joker_shop_opened") == ["Blueprint", "-"]
    assert seen("joker_shop_card") == ["Blueprint", "-"] * len(game.shop)
    game.run.dollars = 100
    calls.clear()
    game.apply(Buy(0))
    assert seen("joker_card_bought") == ["Blueprint", "-"]
    calls.clear()
    game.apply(BuyPack(0))
    assert seen("joker_card_bought") == ["Blueprint", "-"]
    while game.phase.value == "pack":
        game.apply(SkipPack())
    assert seen("joker_booster_closed") == ["Blueprint", "-"]
    calls.clear()
    game.apply(MoveJoker(0, 1))  # Blueprint now copies the debuffed Probe: nothing
    assert seen("joker_rearranged") == ["-"]


def test_the_ante_change_chain_runs_when_a_boss_is_beaten() -> None:
    changes: list[tuple[int, bool]] = []

    def joker_ante_change(game: Any, joker: Any, change: int, ante_end: bool) -> int:
        changes.append((change, ante_end))
        return change + 1  # each joker adds one

    module = plugin_module(
        "test_ante", JokerType(key="j_test_ante", name="Ante Up", effect="x"),
        joker_ante_change=joker_ante_change,
    )  # fmt: skip
    plugins = Plugins(plugins=[module], entry_points=False, config=False)
    game = play_blind(Game(seed="ANTE", plugins=plugins), "The Hook")
    game.add_joker("j_test_ante")
    game.add_joker("j_test_ante")
    win_round(game)
    assert changes == [(1, True), (2, True)]
    assert game.run.ante == 1 + 3


def test_every_change_of_the_ante_passes_the_chain_hieroglyph_s_too() -> None:
    seen: list[tuple[int, bool]] = []

    def joker_ante_change(game: Any, joker: Any, change: int, ante_end: bool) -> int | None:
        seen.append((change, ante_end))
        return None if ante_end else 0  # only a beaten boss moves the ante

    module = plugin_module(
        "test_anchor", JokerType(key="j_test_anchor", name="Anchor", effect="x"),
        joker_ante_change=joker_ante_change,
    )  # fmt: skip
    plugins = Plugins(plugins=[module], entry_points=False, config=False)
    game = Game(seed="ANCHOR", plugins=plugins)
    game.run.ante = 3
    voucher = plugins.find(VoucherType, "v_hieroglyph")
    plugins.impl("voucher_redeem", voucher.key)(game, voucher)  # no Anchor yet: -1
    assert game.run.ante == 2 and seen == []
    game.add_joker("j_test_anchor")
    plugins.impl("voucher_redeem", voucher.key)(game, voucher)
    assert game.run.ante == 2 and seen == [(-1, False)]
    assert game.change_ante(2, source="test") == 0 and game.run.ante == 2
    with pytest.raises(TypeError, match=r"ante change: expected a whole number, got 1\.5"):
        game.change_ante(1.5, source="test")  # type: ignore[arg-type]
    assert game.run.ante == 2
    # without a chain the command moves the ante as the voucher did before
    assert Game(seed="ANCHOR").change_ante(-1) == -1


def test_the_money_chain_passes_each_joker_the_amount_and_the_source() -> None:
    seen: list[tuple[int, Any]] = []

    def joker_money(game: Any, joker: Any, dollars: int, source: Any) -> int:
        seen.append((dollars, source))
        return dollars + 10

    module = plugin_module(
        "test_money", JokerType(key="j_test_money", name="Money", effect="x"),
        joker_money=joker_money,
    )  # fmt: skip
    game = Game(seed="MONEY", plugins=Plugins(plugins=[module], entry_points=False))
    game.add_joker("j_test_money")
    game.add_joker("j_test_money")
    before = game.run.dollars
    game.earn(5, "cash out")
    assert seen == [(5, "cash out"), (15, "cash out")]
    assert game.run.dollars == before + 25


def test_a_money_hook_returning_no_whole_number_is_named() -> None:
    module = plugin_module(
        "test_money_bad", JokerType(key="j_test_money_bad", name="Bad Money", effect="x"),
        joker_money=lambda game, joker, dollars, source: 2.5,
    )  # fmt: skip
    game = Game(seed="MONEY", plugins=Plugins(plugins=[module], entry_points=False))
    game.add_joker("j_test_money_bad")
    win_round(play_blind(game))
    before = game.to_json()
    with pytest.raises(HookError, match="j_test_money_bad"):
        game.apply(CashOut())
    assert game.to_json() == before  # the action left the game as it was


def test_effects_add_hands_and_discards_wherever_they_apply() -> None:
    module = plugin_module(
        "test_counts", JokerType(key="j_test_counts", name="Counts", effect="x"),
        joker_main=lambda ctx, joker: Effect(hands=1, discards=2),
        joker_end_of_round=lambda game, joker: Effect(discards=-1),
    )  # fmt: skip
    game = play_blind(Game(seed="COUNTS", plugins=Plugins(plugins=[module], entry_points=False)))
    game.add_joker("j_test_counts")
    hold(game, "KS", "KH", "2C", "3D", "4S", "5H", "9C", "7D")
    hands, discards = game.run.hands_left, game.run.discards_left
    out = game.apply(Play((0, 1)))
    assert (game.run.hands_left, game.run.discards_left) == (hands - 1 + 1, discards + 2)
    assert out.score is not None
    assert [e[2] for e in out.score.events if e[2] in ("hands", "discards")] == [
        "hands",
        "discards",
    ]

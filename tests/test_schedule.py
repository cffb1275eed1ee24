"""Ordered systems: phases, declared relations, and the errors for undecidable orders."""

from __future__ import annotations

import pytest

from balatro_ecs.game.scoring.systems import SCORING_PHASES
from balatro_ecs.kernel.errors import ScheduleError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.kernel.schedule import System, compile_schedule

PHASES = ("early", "late")


def noop(ctx: object) -> None:
    return None


def test_phases_then_relations_decide_the_order() -> None:
    systems = [
        System("c", "late", noop),
        System("b", "early", noop, after=("a",)),
        System("a", "early", noop),
        System("d", "late", noop, before=("c",)),
    ]
    assert compile_schedule(PHASES, systems).names == ("a", "b", "d", "c")


def test_two_unordered_systems_in_one_phase_are_an_error() -> None:
    with pytest.raises(ScheduleError, match="no declared order"):
        compile_schedule(PHASES, [System("a", "early", noop), System("b", "early", noop)])


def test_cycles_and_contradictions_are_errors() -> None:
    with pytest.raises(ScheduleError, match="cycle"):
        compile_schedule(
            PHASES,
            [System("a", "early", noop, after=("b",)), System("b", "early", noop, after=("a",))],
        )
    with pytest.raises(ScheduleError, match="cannot run before"):
        compile_schedule(
            PHASES, [System("a", "late", noop, before=("b",)), System("b", "early", noop)]
        )
    with pytest.raises(ScheduleError, match="unknown phase"):
        compile_schedule(PHASES, [System("a", "middle", noop)])
    with pytest.raises(ScheduleError, match="unknown system"):
        compile_schedule(PHASES, [System("a", "early", noop, after=("zzz",))])
    with pytest.raises(ScheduleError, match="two systems"):
        compile_schedule(PHASES, [System("a", "early", noop), System("a", "late", noop)])


def test_the_vanilla_scoring_schedule_follows_the_game(balatro_plugins: Plugins) -> None:
    schedule = balatro_plugins.schedule("score")
    assert schedule.phases == SCORING_PHASES
    assert schedule.names == (
        "detect_hand",
        "check_hand_debuff",
        "jokers_before",
        "blind_modifies_hand",
        "jokers_initial_step",
        "score_played_cards",
        "score_held_cards",
        "joker_pass",
        "jokers_final_step",
        "deck_final_step",
        "destroy_cards",
        "add_score",
        "jokers_after",
    )
    assert "detect" in schedule.describe()

"""One rule for the numbers that outgrow a double or 10**15 (balatro_ecs.kernel.quantities):
scores go to the game's "naneinf" and play goes on, blind targets past 10**15 are exact
whole numbers that saves round-trip, and the terminal shows both."""

from __future__ import annotations

import math
from typing import Any

import pytest
from balatro_ecs.actions import Play, SelectBlind
from balatro_ecs.state import Phase
from balatro_ecs.testing.modules import plugin_module

from balatro_ecs import Game, Plugins
from balatro_ecs.kernel.quantities import format_number, hand_score, lua_floor, to_double
from balatro_ecs.plugin import Effect, JokerType


def _giver(name: str, effect: Effect) -> Any:
    def joker_main(ctx: Any, joker: Any) -> Effect:
        return effect

    declared = JokerType(key=f"j_{name}", name=name, rarity=1, cost=1)
    return plugin_module(name, declared, joker_main=joker_main)


def _played(deck: str, effect: Effect, copies: int = 1) -> Game:
    game = Game(
        deck=deck,
        seed="NANEINF",
        plugins=Plugins(plugins=[_giver("t_big", effect)], entry_points=False),
    )
    for _ in range(copies):
        game.add_joker("j_t_big")
    game.apply(SelectBlind())
    outcome = game.apply(Play((0, 1)))
    assert outcome.score is not None
    return game


@pytest.mark.parametrize("deck", ["Plasma Deck", "Red Deck"])
def test_mult_past_the_double_range_scores_naneinf_and_play_goes_on(deck: str) -> None:
    game = _played(deck, Effect(x_mult=1e308), copies=2)
    result = game.log[-1].score
    assert result is not None and result.score == math.inf
    assert result.mult == math.inf
    assert game.phase is Phase.CASH_OUT  # the blind is beaten by an infinite score
    assert game.run.chips == math.inf
    assert Game.from_json(game.to_json(), game.plugins).to_json() == game.to_json()


@pytest.mark.parametrize("deck", ["Plasma Deck", "Red Deck"])
def test_a_whole_number_past_the_double_range_counts_as_infinite(deck: str) -> None:
    game = _played(deck, Effect(chips=10**400))
    result = game.log[-1].score
    assert result is not None and result.chips == math.inf and result.score == math.inf
    assert result.breakdown.replay() == (result.chips, result.mult)


def test_huge_mult_and_x_mult_as_ints_count_as_infinite_too() -> None:
    game = _played("Plasma Deck", Effect(mult=10**400, x_mult=10**500))
    result = game.log[-1].score
    assert result is not None and result.score == math.inf


def test_endless_plasma_blind_targets_past_10_15_round_trip_through_saves() -> None:
    game = Game(deck="Plasma Deck", seed="ENDLESS")
    game.run.ante = 20  # an endless run's ante (antes 15 to 38 go past 10**15)
    game.apply(SelectBlind())
    target = game.run.blind_chips
    assert target > 10**15 and target == int(target)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.run.blind_chips == target and loaded.to_json() == text


def test_the_rule_helpers() -> None:
    assert to_double(10**400) == math.inf and to_double(-(10**400)) == -math.inf
    assert lua_floor(math.inf) == math.inf and math.isnan(lua_floor(math.nan))
    assert hand_score(10**400, 0.5) == math.inf and hand_score(3.5, 2.0) == 7
    assert format_number(math.inf) == format_number(math.nan) == "naneinf"
    assert format_number(86 * 10**42) == "8.600e43"
    assert format_number(10**400) == "1.000e400"  # no float on the way
    assert format_number(12_345) == "12,345"


def test_the_terminal_shows_big_targets_and_naneinf() -> None:
    from balatro_ecs.terminal import render

    game = Game(deck="Plasma Deck", seed="ENDLESS")
    game.run.ante = 20
    game.apply(SelectBlind())
    game.run.chips = math.inf
    shown = render(game)
    assert "naneinf / 8.600e43" in shown

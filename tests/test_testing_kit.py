"""The testing kit for mod authors: the hook recorder and the property checks, each
shown to pass for a well-behaved joker and to fail, saying why, for a broken one."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balatro_ecs import Game, Plugins, score
from balatro_ecs.game.actions import Play, SelectBlind
from balatro_ecs.game.state import Phase
from balatro_ecs.plugin import Effect, JokerType, hookimpl
from balatro_ecs.tools.testing import strategies as bst
from balatro_ecs.tools.testing.properties import (
    assert_commutes,
    assert_copies_faithfully,
    assert_retriggers,
    assert_survives_save,
    effects_of,
)
from balatro_ecs.tools.testing.recorder import HookRecorder

SEVEN = {"rank": "7", "suit": "H"}
PAIR = {"played": [SEVEN, SEVEN], "probabilities": "never"}


def _plugin(key: str, compat: bool = True, **hooks: Any) -> object:
    jtype = JokerType(key=key, name=key, rarity=1, cost=1, blueprint_compat=compat)
    attributes: dict[str, Any] = {"balatro_content": hookimpl(lambda self: jtype)}
    attributes.update({name: hookimpl(fn) for name, fn in hooks.items()})
    return type(f"Plugin_{key}", (), attributes)()


# -- the recorder ----------------------------------------------------------------------------


def test_the_recorder_sees_content_hooks_in_order_with_their_copier() -> None:
    plugins = Plugins(entry_points=False)
    scenario = dict(PAIR, jokers=["Blueprint", "Greedy Joker", "Joker"])
    scenario["played"] = [{"rank": "7", "suit": "D"}]
    with HookRecorder(plugins) as calls:
        result = score(scenario, plugins=plugins)
    assert [c.key for c in calls.of("joker_individual")] == ["j_greedy_joker", "j_greedy_joker"]
    assert [c.copied_by for c in calls.of("joker_individual")] == ["j_blueprint", None]
    assert calls.of("joker_main", "j_joker")[0].result == Effect(mult=4)
    assert calls.hooks("j_greedy_joker") == ["joker_individual"]
    # stopped: nothing more is recorded, and scoring gives the same result
    before = len(calls)
    assert score(scenario, plugins=plugins).score == result.score
    assert len(calls) == before


def test_the_recorder_sees_broadcast_hooks_during_a_run() -> None:
    seen: list[str] = []

    class Listener:
        @hookimpl
        def balatro_action_applied(self, game: Any, action: Any, outcome: Any) -> None:
            seen.append(action.verb)

    plugins = Plugins(plugins=[Listener()], entry_points=False)
    with HookRecorder(plugins) as calls:
        game = Game(seed="RECORD", plugins=plugins)
        game.apply(SelectBlind())
        game.apply(Play((0, 1)))
    applied = calls.of("balatro_action_applied")
    assert [c.kwargs["action"].verb for c in applied] == seen
    assert applied and all(c.key is None for c in applied)


# -- copies ------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(bst.scenarios(jokers=[], plain_cards=True))
def test_vanilla_jokers_are_copied_faithfully(scenario: dict[str, Any]) -> None:
    for joker in ("Joker", "Greedy Joker", "Scary Face", "Walkie Talkie", "Cavendish"):
        assert_copies_faithfully(joker, scenario)


def test_a_joker_that_misbehaves_when_copied_is_caught() -> None:
    def joker_main(self: Any, ctx: Any, joker: Any) -> Effect:
        return Effect(mult=10 if getattr(joker, "copied_by", None) else 4)

    plugins = Plugins(plugins=[_plugin("j_t_greedy_copy", joker_main=joker_main)])
    with pytest.raises(AssertionError, match="Blueprint copying j_t_greedy_copy: expected"):
        assert_copies_faithfully("j_t_greedy_copy", PAIR, plugins=plugins)


def test_a_joker_that_is_not_copyable_gives_copies_nothing() -> None:
    def joker_main(self: Any, ctx: Any, joker: Any) -> Effect:
        return Effect(mult=4)

    plugins = Plugins(plugins=[_plugin("j_t_solo", compat=False, joker_main=joker_main)])
    assert_copies_faithfully("j_t_solo", PAIR, plugins=plugins)
    result = score(dict(PAIR, jokers=["j_blueprint", "j_t_solo"]), plugins=plugins)
    assert not effects_of(result, "j_blueprint")


# -- order, retriggers, saves --------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(bst.scenarios(jokers=[], plain_cards=True))
def test_adding_jokers_commute(scenario: dict[str, Any]) -> None:
    assert_commutes("Joker", "Jolly Joker", scenario)


def test_mult_then_times_mult_does_not_commute() -> None:
    with pytest.raises(AssertionError, match="then"):
        assert_commutes("Joker", "Cavendish", PAIR)


def test_per_card_jokers_retrigger_and_a_once_per_hand_joker_is_caught() -> None:
    assert_retriggers("Greedy Joker", {"played": [{"rank": "7", "suit": "D"}] * 3})
    seen: set[int] = set()

    def joker_individual(self: Any, ctx: Any, joker: Any, card: Any) -> Effect | None:
        if card.entity in seen:  # wrongly gives nothing the second time a card scores
            return None
        seen.add(card.entity)
        return Effect(mult=1)

    plugins = Plugins(plugins=[_plugin("j_t_once", joker_individual=joker_individual)])
    with pytest.raises(AssertionError, match="retriggered once: expected"):
        seen.clear()
        assert_retriggers("j_t_once", PAIR, plugins=plugins)


@pytest.mark.parametrize("joker", ["j_ride_the_bus", "j_green_joker", "j_ice_cream", "j_yorick"])
def test_scaling_jokers_survive_save_and_load(joker: str) -> None:
    game = Game(seed="SURVIVE")
    game.add_joker(joker)
    game.apply(SelectBlind())
    game.apply(Play((0, 1)))
    assert_survives_save(game)


def test_state_that_does_not_survive_a_save_is_caught() -> None:
    class Unsaved:
        """A joker keeping its count on the plugin object, not in the joker's state."""

        type = JokerType(key="j_t_unsaved", name="Unsaved", rarity=1, cost=1)
        count = 0

        @hookimpl
        def balatro_content(self) -> JokerType:
            return self.type

        @hookimpl
        def joker_main(self, ctx: Any, joker: Any) -> Effect:
            self.count += 1
            return Effect(chips=self.count)

    plugins = Plugins(plugins=[Unsaved()], entry_points=False)
    game = Game(seed="UNSAVED", plugins=plugins)
    game.add_joker("j_t_unsaved")
    game.apply(SelectBlind())
    with pytest.raises(AssertionError, match="differs"):
        assert_survives_save(game)


@given(st.sampled_from(["Joker", "Blueprint", "Hack"]))
def test_effects_of_counts_only_the_named_joker(joker: str) -> None:
    result = score(dict(PAIR, jokers=[joker]))
    assert all(
        kind in ("chips", "mult", "x_mult", "dollars")
        for _, kind, _ in effects_of(result, "j_joker")
    )


# -- strategies: joker rows containing a joker, whole games --------------------------------


@settings(max_examples=30, deadline=None)
@given(bst.joker_rows(["j_blueprint", "j_joker"], max_size=4))
def test_joker_rows_contain_the_given_jokers(row: list[dict[str, Any]]) -> None:
    names = [j["name"] for j in row]
    assert "j_blueprint" in names and "j_joker" in names
    assert len(row) <= 4


@settings(max_examples=20, deadline=None)
@given(bst.scenarios(containing=["j_greedy_joker"], max_jokers=3))
def test_scenarios_can_require_a_joker(scenario: dict[str, Any]) -> None:
    assert "j_greedy_joker" in [j["name"] for j in scenario["jokers"]]
    assert len(scenario["jokers"]) <= 3
    score(scenario)  # every drawn scenario is valid


def test_a_row_too_small_for_its_jokers_is_refused() -> None:
    with pytest.raises(ValueError, match="3 jokers do not fit in 2 slots"):
        bst.joker_rows(["j_joker", "j_jolly", "j_zany"], max_size=2)


@settings(max_examples=8, deadline=None)
@given(bst.games(jokers=["j_ride_the_bus"], max_actions=25))
def test_drawn_games_with_a_given_joker_survive_save_and_load(game: Game) -> None:
    if not game.log:  # no action drawn: the game as set up, with the joker in the row
        assert [j.key for j in game.jokers] == ["j_ride_the_bus"]
    if game.phase is not Phase.GAME_OVER:
        assert_survives_save(game, steps=2)


@settings(max_examples=5, deadline=None)
@given(bst.games(decks=["Red Deck"], stakes=["White Stake"], max_actions=10))
def test_drawn_games_are_rebuilt_by_replaying_their_log(game: Game) -> None:
    again = Game.replay(
        [outcome.action for outcome in game.log], seed=game.seed, plugins=game.plugins
    )
    assert again.to_json() == game.to_json()

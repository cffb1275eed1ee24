"""Every fault is named: a hook that raises, or gives back what the engine cannot apply,
is reported as a HookError naming the plugin, the hook and the content key (and the
copying joker for a copy), with the game left exactly as it was."""

from __future__ import annotations

import math
from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import Action, Play, SelectBlind
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.kernel.faults import MAX_RETRIGGERS, check_effect
from balatro_ecs.plugin import Effect, JokerType, hookimpl
from balatro_ecs.tools.policies import GreedyPolicy
from balatro_ecs.tools.testing.stress import FAULT_JOKER, FaultyJoker


def _joker(key: str, **hooks: Any) -> object:
    """A plugin object declaring joker ``key`` with the given hook implementations."""
    jtype = JokerType(key=key, name=key, rarity=1, cost=1, blueprint_compat=True)
    attributes: dict[str, Any] = {"balatro_content": hookimpl(lambda self: jtype)}
    for name, fn in hooks.items():
        attributes[name] = hookimpl(fn)
    return type(f"Plugin_{key}", (), attributes)()


def _in_round(plugin: object, *jokers: str, seed: str = "FAULTS") -> Game:
    game = Game(seed=seed, plugins=Plugins(plugins=[plugin], entry_points=False))
    for key in jokers:
        game.add_joker(key)
    game.apply(SelectBlind())
    return game


def _refused(game: Game, action: Action) -> HookError:
    before, log = game.to_json(), len(game.log)
    with pytest.raises(HookError) as raised:
        game.apply(action)
    assert game.to_json() == before and len(game.log) == log
    assert raised.value.__cause__ is not None
    return raised.value


# -- hooks that raise ----------------------------------------------------------------------


def test_a_raising_hook_is_named_with_its_plugin_hook_and_key() -> None:
    def joker_main(self: Any, ctx: Any, joker: Any) -> None:
        raise ZeroDivisionError("oops")

    game = _in_round(_joker("j_t_raiser", joker_main=joker_main), "j_t_raiser")
    err = _refused(game, Play((0, 1)))
    assert (err.hook, err.key, err.copier) == ("joker_main", "j_t_raiser", None)
    assert err.plugin and err.plugin in str(err)
    assert "joker_main of j_t_raiser raised ZeroDivisionError: oops" in str(err)
    assert isinstance(err.__cause__, ZeroDivisionError)


def test_a_fault_in_a_copy_names_the_copying_joker() -> None:
    def joker_main(self: Any, ctx: Any, joker: Any) -> None:
        if getattr(joker, "copied_by", None) is not None:
            raise RuntimeError("not when copied")

    game = _in_round(_joker("j_t_copied", joker_main=joker_main), "j_blueprint", "j_t_copied")
    err = _refused(game, Play((0, 1)))
    assert (err.hook, err.key, err.copier) == ("joker_main", "j_t_copied", "j_blueprint")
    assert "(copied by j_blueprint)" in str(err)


def test_the_engine_s_own_errors_are_not_blamed_on_a_plugin() -> None:
    from balatro_ecs.kernel.faults import name_fault

    plugins = Plugins.default()
    try:
        {}["missing"]
    except KeyError as err:
        assert name_fault(plugins, err) is None
    assert name_fault(plugins, KeyboardInterrupt()) is None


# -- every joker hook, through whole runs --------------------------------------------------


def _fault_in_hook(hook: str, limit: int = 400) -> HookError | None:
    """Play greedy runs with the faulty joker, armed only for ``hook``: the first fault."""
    faulty = FaultyJoker()
    faulty.only = hook
    plugins = Plugins(plugins=[faulty], entry_points=False)
    for seed in ("HOOKS1", "HOOKS2", "HOOKS3"):
        game = Game(seed=seed, plugins=plugins, deck="Magic Deck")
        game.add_joker(FAULT_JOKER)
        greedy = GreedyPolicy()
        for _ in range(limit):
            if game.phase is Phase.GAME_OVER or game.run.won:
                break
            action = greedy.choose(game)
            before = game.to_json()
            faulty.armed = True
            try:
                game.apply(action)
            except HookError as err:
                assert game.to_json() == before
                return err
            finally:
                faulty.armed = False
    return None


#: Hooks a greedy run with the joker in its row reaches within a few hundred actions.
REACHED = [
    "joker_after",
    "joker_before",
    "joker_cash_out",
    "joker_end_of_round",
    "joker_individual",
    "joker_leaving_shop",
    "joker_main",
    "joker_repetition",
    "joker_setting_blind",
    "joker_first_hand_drawn",
    "joker_held_individual",
]


@pytest.mark.parametrize("hook", REACHED)
def test_a_fault_in_each_joker_hook_is_named_and_undone(hook: str) -> None:
    err = _fault_in_hook(hook)
    assert err is not None, f"{hook} never ran"
    assert (err.hook, err.key) == (hook, FAULT_JOKER)
    assert f"{hook} of {FAULT_JOKER} raised RuntimeError: injected fault in {hook}" in str(err)


# -- effects the engine cannot apply -------------------------------------------------------


def _main_returning(value: object) -> object:
    def joker_main(self: Any, ctx: Any, joker: Any) -> object:
        return value

    return _joker("j_t_bad_effect", joker_main=joker_main)


@pytest.mark.parametrize(
    "value",
    [
        Effect(mult=math.nan),
        Effect(chips="10"),  # type: ignore[arg-type]
        Effect(x_mult=[2]),  # type: ignore[arg-type]
        Effect(dollars=1.5),  # type: ignore[arg-type]
        Effect(dollars=math.nan),  # type: ignore[arg-type]
        "a string",
        5,
    ],
    ids=["nan mult", "text chips", "list x_mult", "float dollars", "nan dollars", "str", "int"],
)
def test_a_malformed_effect_is_refused_and_names_its_joker(value: object) -> None:
    game = _in_round(_main_returning(value), "j_t_bad_effect")
    err = _refused(game, Play((0, 1)))
    assert err.key == "j_t_bad_effect"
    assert "j_t_bad_effect" in str(err)


def test_an_infinite_effect_is_the_game_s_number_not_a_fault() -> None:
    game = _in_round(_main_returning(Effect(x_mult=math.inf)), "j_t_bad_effect")
    outcome = game.apply(Play((0, 1)))
    assert outcome.score is not None and math.isinf(outcome.score.score)


@pytest.mark.parametrize("times", [10**9, -1, 2.5, "2"], ids=["huge", "negative", "float", "str"])
def test_retriggers_out_of_bounds_are_refused(times: object) -> None:
    def joker_repetition(self: Any, ctx: Any, joker: Any, card: Any) -> object:
        return times

    game = _in_round(_joker("j_t_retrigger", joker_repetition=joker_repetition), "j_t_retrigger")
    err = _refused(game, Play((0, 1)))
    assert err.key == "j_t_retrigger"
    assert "retriggers" in str(err)


def test_the_most_retriggers_allowed_still_score() -> None:
    def joker_repetition(self: Any, ctx: Any, joker: Any, card: Any) -> int:
        return 3

    game = _in_round(_joker("j_t_retrig3", joker_repetition=joker_repetition), "j_t_retrig3")
    assert game.apply(Play((0,))).score is not None
    assert MAX_RETRIGGERS >= 1000


def test_money_that_is_not_whole_is_refused_at_cash_out() -> None:
    def joker_main(self: Any, ctx: Any, joker: Any) -> Effect:
        return Effect(x_mult=1e9)  # the hand wins the round: the payout is worked out

    def joker_cash_out(self: Any, game: Any, joker: Any) -> object:
        return 2.5

    plugin = _joker("j_t_cash", joker_main=joker_main, joker_cash_out=joker_cash_out)
    game = _in_round(plugin, "j_t_cash")
    err = _refused(game, Play((0, 1, 2, 3, 4)))
    assert err.key == "j_t_cash"
    assert "dollars: expected a whole number, got 2.5" in str(err)


def test_check_effect_accepts_every_well_made_effect() -> None:
    for effect in (
        Effect(),
        Effect(chips=10, mult=4.5, x_mult=1.5, dollars=3, level_up=1, message="hi", destroy=True),
        Effect(x_mult=math.inf),
    ):
        check_effect(effect)
    with pytest.raises(TypeError):
        check_effect(Effect(level_up=1.0))  # type: ignore[arg-type]


# -- blame: the innermost culprit, previews, long messages ------------------------------------


@pytest.mark.parametrize("value", ["bad", 3, Effect(dollars=1.5)])
def test_a_joker_s_bad_discard_return_during_the_hook_is_the_joker_s_fault(value: object) -> None:
    from balatro_ecs.testing.modules import plugin_module
    from balatro_ecs.testing.runs import play_blind

    def joker_discard(game: Any, joker: Any, card: Any, cards: Any) -> object:
        return value

    declared = JokerType(key="j_t_discards", name="Discards", rarity=1, cost=1)
    module = plugin_module("t_discards", declared, joker_discard=joker_discard)
    game = Game(seed="HOOKBLAME", plugins=Plugins(plugins=[module], entry_points=False))
    game.add_joker("j_t_discards")
    play_blind(game, "The Hook")
    err = _refused(game, Play((0,)))
    assert err.key == "j_t_discards" and err.plugin == "t_discards"
    assert "bl_hook" not in str(err)


def _raiser(error: BaseException) -> Game:
    from balatro_ecs.testing.modules import plugin_module

    def joker_main(ctx: Any, joker: Any) -> None:
        raise error

    declared = JokerType(key="j_t_previewed", name="Previewed", rarity=1, cost=1)
    module = plugin_module("t_previewed", declared, joker_main=joker_main)
    return _in_round(module, "j_t_previewed", seed="PREVIEWS")


@pytest.mark.parametrize("error", [ValueError("bad value"), TypeError("bad type")])
@pytest.mark.parametrize("call", ["preview_play", "preview_plays", "greedy"])
def test_previews_and_the_greedy_policy_name_a_plugin_s_raw_error(
    error: BaseException, call: str
) -> None:
    game = _raiser(error)
    before = game.to_json()
    run = {
        "preview_play": lambda: game.preview_play([0, 1]),
        "preview_plays": lambda: game.preview_plays([(0,), (0, 1)]),
        "greedy": lambda: GreedyPolicy().choose(game),
    }[call]
    with pytest.raises(HookError, match=r"^plugin t_previewed: joker_main of j_t_previewed ra"):
        run()
    assert game.to_json() == before


def test_a_hostile_message_is_cut_short() -> None:
    game = _raiser(ValueError("x" * 100_000))
    err = _refused(game, Play((0, 1)))
    assert len(str(err)) < 400 and str(err).endswith("...")
    with pytest.raises(HookError) as raised:
        game.preview_play([0])
    assert len(str(raised.value)) < 400


def test_an_unknown_name_of_any_length_is_quoted_short() -> None:
    from balatro_ecs.errors import UnknownNameError

    with pytest.raises(UnknownNameError) as raised:
        Plugins.default().joker("Blueprnt" * 5_000)
    assert len(str(raised.value)) < 300
    with pytest.raises(UnknownNameError, match=r"did you mean 'Blueprint'"):
        Plugins.default().joker("Blueprnt")

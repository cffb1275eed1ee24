"""An Outcome pickles and deep-copies: off its game (Outcome.detached).

What ``game.apply(action)`` returns records the action's events, whose sources and
targets are live handles of the game (the joker sold, the consumable bought, the card
created, the blind that paid), and the score of a played hand. Pickled or deep-copied,
each handle becomes a frozen value that reads as the handle read (the machinery of
ScoreResult.detached, shared: :mod:`balatro_ecs.game.detach`), so outcomes come back
from worker processes (RL rollouts, the batch runners) and read the same there.
"""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random
import threading
import types
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import pytest
from balatro_ecs.actions import (
    Buy,
    BuyAndUse,
    BuyPack,
    CashOut,
    EndShop,
    Pick,
    Play,
    SelectBlind,
    Sell,
    SkipPack,
    Use,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balatro_ecs import Game, Plugins, ScoreResult
from balatro_ecs.game.actions import Outcome
from balatro_ecs.game.detach import DetachError
from balatro_ecs.game.jokers import Consumable, DetachedConsumable, DetachedJoker, Joker
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.content import JokerType
from balatro_ecs.tools.batch import make_executor
from balatro_ecs.tools.testing import strategies as bst
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round

from .test_result_pickle import _ALLOWED, LIVE, _loaded, _report
from .test_result_pickle import _reads as _result_reads

JOKERS = ("j_green_joker", "j_blueprint", "j_midas_mask", "j_egg", "j_vampire")


_CONSUMABLE_READS = ("entity", "key", "name", "edition", "serial", "sell_value", "buy_cost")


def _reads(part: Any) -> Any:
    """What a reader of an outcome reads of one of its parts, as plain data (a result's
    parts as :mod:`tests.test_result_pickle` reads them, consumables, and where each
    joker and consumable is)."""
    if isinstance(part, (Consumable, DetachedConsumable)):
        reads = tuple(getattr(part, name) for name in _CONSUMABLE_READS)
        where = (part.zone.area, part.zone.slot)
        return ("consumable", repr(part), reads, where, copy.deepcopy(part.state))
    if type(part) in (Joker, DetachedJoker) and part.copied_by is None:
        return (_result_reads(part), (part.zone.area, part.zone.slot))
    if isinstance(part, tuple):
        return tuple(_reads(p) for p in part)
    return _result_reads(part)


def _outcome_report(outcome: Outcome) -> tuple[Any, ...]:
    """Everything an outcome reports: its values, to_dict(), its events as read, and
    its score's whole report."""
    return (
        outcome.to_dict(),
        repr(outcome),
        (outcome.action, outcome.phase_before, outcome.phase_after),
        (outcome.dollars_before, outcome.dollars_after),
        [_reads(e) for e in outcome.events],
        None if outcome.score is None else _report(outcome.score),
    )


def _parts(outcome: Outcome) -> list[Any]:
    """Every part of an outcome that may be a handle, in a fixed order."""
    parts = [p for e in outcome.events for p in e]
    score = outcome.score
    if score is not None:
        parts += [*score.scoring, *score.destroyed, *(p for e in score.events for p in e)]
    return parts


def _holds_no_handle(outcome: Outcome) -> bool:
    return not any(isinstance(p, LIVE) for p in _parts(outcome))


def _one_value_per_handle(outcome: Outcome, other: Outcome) -> None:
    """A handle met twice in ``outcome`` (its events, its score's) is one value in ``other``."""
    seen: dict[int, int] = {}
    for part, value in zip(_parts(outcome), _parts(other), strict=True):
        if isinstance(part, LIVE):
            assert seen.setdefault(id(part), id(value)) == id(value), part


#: The classes an outcome's pickle may name beside a result's: the outcome, the actions.
_OUTCOME_ALLOWED = _ALLOWED | {"balatro_ecs.game.actions.Outcome"}


def _check(outcome: Outcome) -> list[Outcome]:
    """The outcome's pickle, deep copy and detached copy, each checked against it."""
    expected = _outcome_report(outcome)
    loaded, named = _loaded(pickle.dumps(outcome))
    extra = {n for n in named - _OUTCOME_ALLOWED if not n.startswith("balatro_ecs.game.actions.")}
    assert not extra, extra  # no game, no world, no content type, no live handle
    copies = [loaded, copy.deepcopy(outcome), outcome.detached()]
    for other in copies:
        assert type(other) is type(outcome) and other is not outcome
        assert _holds_no_handle(other)
        assert _outcome_report(other) == expected
        _one_value_per_handle(outcome, other)
        assert _outcome_report(pickle.loads(pickle.dumps(other))) == expected  # again
        assert _outcome_report(copy.deepcopy(other)) == expected
    return copies


def _shop_game(seed: str) -> Game:
    """A game with jokers, at its first shop, with money to spend."""
    game = Game(seed=seed)
    for key in JOKERS:
        game.add_joker(key)
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    game.earn(200, "test")
    return game


# -- what the shop, the packs and a played hand return ------------------------------------


def test_the_shops_outcomes_round_trip_and_leave_the_game_as_it_was() -> None:
    game = _shop_game("OUTPICK1")
    outcomes = [game.apply(Sell("jokers", 3))]  # the Egg: a joker handle as target
    for action in (Buy(0), BuyAndUse(1), BuyPack(0)):
        if game.can(action):
            outcomes.append(game.apply(action))
    while game.phase is Phase.PACK:
        outcomes.append(game.apply(Pick(0) if game.can(Pick(0)) else SkipPack()))
    if game.consumables and game.can(Use(0)):
        outcomes.append(game.apply(Use(0)))
    if game.consumables:
        outcomes.append(game.apply(Sell("consumables", 0)))
    outcomes.append(game.apply(EndShop()))
    outcomes.append(game.apply(SelectBlind()))
    state = game.to_json()
    loaded = [_check(outcome)[0] for outcome in outcomes]
    assert game.to_json() == state  # taking the copies changed nothing
    sold = loaded[0].events
    egg = [e[4] for e in sold if e[2] == "sold"]
    assert len(egg) == 1 and isinstance(egg[0], DetachedJoker) and egg[0].name == "Egg"
    assert egg[0].sell_value == game.log[-len(outcomes)].events[-1][4].sell_value
    targets = [type(p) for o in loaded for e in o.events for p in e]
    assert DetachedConsumable in targets or DetachedJoker in targets[1:]  # (bought or sold)
    game.close()


def test_a_played_hands_outcome_carries_its_score_off_the_game() -> None:
    game = Game(seed="OUTPICK2")
    play_blind(game)
    for key in JOKERS:
        game.add_joker(key)
    hold(game, "KH", "KS gold", "QD gold_seal", "3D", "4S", "5H", "7C", "9D")
    outcome = game.apply(Play((0, 1, 2)))
    expected = _outcome_report(outcome)
    copies = _check(outcome)
    for other in copies:
        assert type(other.score) is ScoreResult
        sources = {e[1].name for e in other.score.events if isinstance(e[1], DetachedJoker)}
        assert {"Vampire", "Green Joker"} <= sources
        assert other.score.scoring[1].label == "K♠"  # (Vampire took its gold)
    green = next(j for j in game.jokers if j.name == "Green Joker")
    green.state["mult"] += 5  # the game moves on: the copies do not follow
    assert _outcome_report(outcome) != expected
    assert all(_outcome_report(other) == expected for other in copies)
    assert copy.copy(outcome).events is outcome.events  # a shallow copy keeps the handles
    assert copy.copy(outcome).score is outcome.score
    game.close()


@st.composite
def _played(draw: Any) -> Game:
    """A game with random jokers played with random legal actions, some rounds won
    outright (so shops, packs and consumables are reached), with money to spend."""
    keys = draw(st.lists(bst.joker_keys(), max_size=5), label="jokers")
    game: Game = draw(bst.games(jokers=keys, max_actions=4), label="game")
    game.earn(draw(st.integers(0, 60), label="money"), "test")
    for _ in range(draw(st.integers(0, 40), label="actions")):
        if game.run.phase is Phase.GAME_OVER or game.run.won:
            break
        if game.run.phase is Phase.ROUND and draw(st.booleans(), label="win"):
            win_round(game)
            continue
        legal = game.legal_actions(reorders=False)
        game.apply(legal[draw(st.integers(0, len(legal) - 1), label="action")])
    return game


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_played())
def test_any_played_games_outcomes_round_trip(game: Game) -> None:
    """Every outcome of a game played with random jokers, deck, stake and actions: its
    copies report what it reports, and taking them changes nothing in the game."""
    state = game.to_json()
    for outcome in game.log:
        _check(outcome)
    log = pickle.loads(pickle.dumps(game.log))  # the whole log at once: one memo each
    assert [_outcome_report(o) for o in log] == [_outcome_report(o) for o in game.log]
    assert game.to_json() == state
    game.close()


# -- across processes ---------------------------------------------------------------------


def _play_in_worker(seed: str) -> tuple[list[Outcome], list[tuple[Any, ...]]]:
    """A worker's job: play ``seed`` (:func:`_play`) and return the outcomes with what
    they report there."""
    outcomes = _play(seed)
    return outcomes, [_outcome_report(o) for o in outcomes]


def _play(seed: str) -> list[Outcome]:
    """The outcomes of a seeded game through a shop and the next blind's hands."""
    game = _shop_game(seed)
    chooser = random.Random(seed)  # (the test's own choices: the game's draws are its own)
    outcomes = [game.apply(Sell("jokers", 3))]
    while game.run.phase is not Phase.GAME_OVER and len(outcomes) < 25:
        legal = game.legal_actions(reorders=False)
        outcomes.append(game.apply(chooser.choice(legal)))
    return outcomes


@pytest.mark.parametrize("backend", ["spawn", "process"])
def test_outcomes_come_back_from_a_worker_process(backend: str) -> None:
    seeds = ["OUTPICK3", "OUTPICK4"]
    executor: Executor | None
    if backend == "spawn":  # (the strictest: the worker inherits nothing)
        spawn = multiprocessing.get_context("spawn")
        executor = ProcessPoolExecutor(max_workers=1, mp_context=spawn)
    else:  # the batch runners' own pool
        executor = make_executor(backend, 1, force_pool=True)
    assert executor is not None
    try:
        answers = list(executor.map(_play_in_worker, seeds))
    finally:
        executor.shutdown()
    for seed, (outcomes, reports) in zip(seeds, answers, strict=True):
        here = [_outcome_report(o) for o in _play(seed)]  # the same seed, played here
        assert len(outcomes) > 1
        for outcome, report, expected in zip(outcomes, reports, here, strict=True):
            assert type(outcome) is Outcome and _holds_no_handle(outcome)
            assert _outcome_report(outcome) == report == expected


# -- what cannot be detached is named -----------------------------------------------------


def _recording(source: Any) -> Plugins:
    """A joker that records an event whose source is ``source(game)`` when a blind is set."""

    def joker_setting_blind(game: Any, joker: Any, blind: Any) -> None:
        game.record(source(game), "message", "noted")

    joker = JokerType(key="j_test_recorder", name="Recorder", effect="Records.")
    module = plugin_module("j_test_recorder", joker, joker_setting_blind=joker_setting_blind)
    return Plugins(plugins=[module], entry_points=False)


def _selected(plugins: Plugins) -> Outcome:
    game = Game(seed="OUTPICK5", plugins=plugins)
    game.add_joker("j_test_recorder")
    return game.apply(SelectBlind())


def test_a_part_holding_the_game_is_named() -> None:
    outcome = _selected(_recording(lambda game: types.SimpleNamespace(game=game)))
    before, events = outcome.to_dict(), list(outcome.events)
    for take in (pickle.dumps, copy.deepcopy, lambda o: o.detached()):
        with pytest.raises(DetachError, match=r"^Outcome events\[\d+\] \(phase 'round', "
                           r"kind 'message'\): its source namespace.* cannot be taken off its "
                           r"game"):  # fmt: skip
            take(outcome)
    assert outcome.to_dict() == before and list(outcome.events) == events  # untouched
    assert any(getattr(e[1], "game", None) is not None for e in outcome.events)


def test_a_lock_in_an_outcomes_event_is_named() -> None:
    outcome = _selected(_recording(lambda game: threading.Lock()))
    with pytest.raises(DetachError, match=r"^Outcome events.* its source .*lock"):
        pickle.dumps(outcome)


def test_a_part_of_the_score_is_named_as_the_outcomes() -> None:
    def joker_before(ctx: Any, joker: Any) -> None:
        ctx.note(types.SimpleNamespace(game=ctx.game), "noted")

    joker = JokerType(key="j_test_noter", name="Noter", effect="Notes.")
    module = plugin_module("j_test_noter", joker, joker_before=joker_before)
    game = Game(seed="OUTPICK6", plugins=Plugins(plugins=[module], entry_points=False))
    game.add_joker("j_test_noter")
    play_blind(game)
    outcome = game.apply(Play((0,)))
    with pytest.raises(DetachError, match=r"^Outcome\.score events\[\d+\] \(phase .*\): its "
                       r"source namespace"):  # fmt: skip
        pickle.dumps(outcome)
    game.close()

"""A ScoreResult pickles and deep-copies: off its game (ScoreResult.detached).

A result's cards, and the jokers, blind and deck in its events, are live handles of a
game; pickled or deep-copied, each becomes a frozen value that reads as the handle read
(``handle.detached()``), so a result crosses processes (multiprocessing, the batch
runners, Dask, Ray) and reads the same on the other side: its values, ``to_dict()``, its
breakdown, its events and its cards' attributes.
"""

from __future__ import annotations

import copy
import io
import multiprocessing
import pickle
import threading
import types
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import pytest
from balatro_ecs.actions import Play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balatro_ecs import DetachError, Game, Plugins, ScoreResult, score
from balatro_ecs.game import scenario_pool
from balatro_ecs.game.blinds import Blind, Deck, DetachedBlind, DetachedDeck
from balatro_ecs.game.cards import Card, DetachedCard
from balatro_ecs.game.jokers import Consumable, CopiedJoker, DetachedJoker, Joker
from balatro_ecs.game.scenario import Scenario
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.content import JokerType
from balatro_ecs.kernel.enums import Seal, Suit
from balatro_ecs.tools.batch import make_executor
from balatro_ecs.tools.testing import strategies as bst
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind

HAND = {
    "played": [
        {"rank": "9", "suit": "S", "seal": "red"},
        {"rank": "9", "suit": "H", "enhancement": "glass", "edition": "foil"},
        {"rank": "K", "suit": "C", "enhancement": "wild"},
    ],
    "held": [{"rank": "K", "suit": "D", "enhancement": "steel"}],
    "jokers": [
        {"name": "Blueprint"},
        {"name": "Hanging Chad"},
        {"name": "Green Joker", "edition": "holo"},
        {"name": "Smeared Joker"},
        {"name": "Pareidolia"},
        {"name": "Splash"},
    ],
    "blind": "The Flint",
    "deck": "Plasma Deck",
    "probabilities": "always",
}
LIVE = (Card, Joker, CopiedJoker, Consumable, Blind, Deck)

_CARD_READS = (
    "entity", "serial", "label", "rank", "base_rank", "suit", "original_suit", "enhancement",
    "edition", "seal", "perma_bonus", "debuffed", "played_this_ante", "shattered", "face_down",
    "forced", "chip_value",
)  # fmt: skip
_JOKER_READS = (
    "entity", "key", "name", "rarity", "edition", "debuffed", "slot", "sell_value", "stickers",
    "state",
)  # fmt: skip


def _reads(part: Any) -> Any:
    """What a reader of a result reads of one of its parts, as plain data."""
    if isinstance(part, (Card, DetachedCard)):
        return (
            "card",
            repr(part),
            tuple(getattr(part, name) for name in _CARD_READS),
            (part.zone.area, part.zone.slot),
            part.spec(),
            tuple(part.is_suit(s) for s in Suit),
            tuple(part.counts_as_suit(s) for s in Suit),
            (part.is_face(), part.counts_as_face(), part.flush_suits(), part.detect_key()),
        )
    if isinstance(part, (Joker, CopiedJoker, DetachedJoker)):
        reads = tuple(copy.deepcopy(_plain(getattr(part, name))) for name in _JOKER_READS)
        copier = part.copied_by
        return ("joker", repr(part), reads, None if copier is None else _reads(copier))
    if isinstance(part, (Blind, DetachedBlind)):
        return ("blind", repr(part), part.key, part.name, part.is_boss, part.disabled,
                part.triggered, copy.deepcopy(part.memory))  # fmt: skip
    if isinstance(part, (Deck, DetachedDeck)):
        return ("deck", repr(part), part.key, part.name, dict(part.config))
    if isinstance(part, tuple):
        return tuple(_reads(p) for p in part)
    return part


def _plain(value: Any) -> Any:
    """A read-only mapping (a live joker's stickers) as a dict."""
    return dict(value) if isinstance(value, types.MappingProxyType) else value


def _report(result: Any) -> tuple[Any, ...]:
    """Everything a result reports."""
    return (
        result.to_dict(),
        (result.hand_name, result.chips, result.mult, result.score),
        (result.debuffed, result.dollars),
        result.scoring_cards,
        [e.to_dict() for e in result.breakdown],
        result.breakdown.table(),
        result.breakdown.replay(),
        [_reads(c) for c in result.scoring],
        [_reads(c) for c in result.destroyed],
        [_reads(e) for e in result.events],
    )


def _holds_no_handle(result: ScoreResult) -> bool:
    parts = [*result.scoring, *result.destroyed, *(p for e in result.events for p in e)]
    return not any(isinstance(p, LIVE) for p in parts)


class _Classes(pickle.Unpickler):
    """Loads a pickle and records every class it names."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data))
        self.named: set[str] = set()

    def find_class(self, module: str, name: str) -> Any:
        self.named.add(f"{module}.{name}")
        return super().find_class(module, name)


def _loaded(data: bytes) -> tuple[Any, set[str]]:
    reader = _Classes(data)
    return reader.load(), reader.named


#: The classes a result's pickle may name: the result, the detached values and the
#: plain values they hold (no game, no world, no content type, no live handle).
_ALLOWED = {
    "balatro_ecs.game.scoring.result.ScoreResult",
    "balatro_ecs.game.cards.DetachedCard",
    "balatro_ecs.game.cards.CardSpec",
    "balatro_ecs.game.jokers.DetachedJoker",
    "balatro_ecs.game.jokers.DetachedConsumable",
    "balatro_ecs.game.blinds.DetachedBlind",
    "balatro_ecs.game.blinds.DetachedDeck",
    "balatro_ecs.kernel.enums.Suit",
    "balatro_ecs.kernel.enums.Enhancement",
    "balatro_ecs.kernel.enums.Edition",
    "balatro_ecs.kernel.enums.Seal",
    "balatro_ecs.kernel.components.Area",
    "copyreg._reconstructor",
    "copyreg.__newobj__",
    "builtins.object",
    "builtins.getattr",
}


def _plugins() -> Plugins:
    return Plugins(entry_points=False)


# -- results of score(dict), plain and kept ----------------------------------------------


def test_a_result_pickles_and_deep_copies_off_its_game() -> None:
    plugins = _plugins()
    for _ in range(3):  # a new build's result, then kept ones (KeptResult)
        result = score(HAND, plugins=plugins)
        expected = _report(result)
        data = pickle.dumps(result)
        loaded, named = _loaded(data)
        assert named <= _ALLOWED, named - _ALLOWED
        for other in (loaded, copy.deepcopy(result), result.detached()):
            assert type(other) is ScoreResult and other is not result
            assert _holds_no_handle(other)
            assert _report(other) == expected
            assert _report(copy.deepcopy(other)) == expected  # detached again: the same
            assert _report(pickle.loads(pickle.dumps(other))) == expected
    assert any(isinstance(e[1], DetachedBlind) for e in loaded.events)
    assert any(isinstance(e[1], DetachedDeck) for e in loaded.events)
    assert loaded.scoring[1].edition.name == "FOIL" and loaded.scoring[0].seal.name == "RED"
    assert loaded.scoring[2].counts_as_suit(Suit.HEARTS)  # Wild
    assert loaded.scoring[0].is_face()  # Pareidolia: the rules of the moment
    assert loaded.destroyed == [loaded.scoring[1]]  # the glass card broke (probabilities)
    breakdown = pickle.loads(pickle.dumps(result.breakdown))  # (labels only: always plain)
    assert list(breakdown) == list(result.breakdown)


def test_every_pickle_protocol() -> None:
    result = score(HAND, plugins=_plugins())
    expected = _report(result)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert _report(pickle.loads(pickle.dumps(result, protocol))) == expected


def test_a_handle_met_twice_is_one_value() -> None:
    loaded = pickle.loads(pickle.dumps(score(HAND, plugins=_plugins())))
    first = loaded.scoring[0]
    assert all(e[1] is first for e in loaded.events if getattr(e[1], "label", "") == first.label)
    assert loaded.destroyed[0] is loaded.scoring[1]
    green = [e[1] for e in loaded.events if getattr(e[1], "name", "") == "Green Joker"]
    assert green and all(j is green[0] for j in green)
    sources = {e[1] for e in loaded.events}  # detached values hash, as handles do
    assert green[0] in sources and copy.deepcopy(green[0]) in sources
    assert len(sources) == len({id(e[1]) for e in loaded.events})


def test_a_detached_value_holds_copies_not_the_games_dicts() -> None:
    game = Scenario.from_dict(HAND, _plugins()).build()
    result = game.evaluate_play()
    green = next(j for j in game.jokers if j.name == "Green Joker")
    value = green.detached()
    assert value.state == green.state and value.state is not green.state
    value.state["mult"] = 99
    assert green.state["mult"] != 99
    assert game.blind is not None and game.blind.detached().memory is not game.blind.memory
    assert dict(game.deck.config) == game.deck.detached().config
    assert copy.copy(result).scoring is result.scoring  # a shallow copy keeps the handles
    game.close()


def test_a_deep_copy_of_a_detached_result_shares_no_dict() -> None:
    detached = score(HAND, plugins=_plugins()).detached()
    again = copy.deepcopy(detached)
    assert _report(again) == _report(detached)
    joker = next(e[1] for e in detached.events if isinstance(e[1], DetachedJoker))
    same = next(e[1] for e in again.events if getattr(e[1], "entity", None) == joker.entity)
    assert same == joker and same is not joker and same.state is not joker.state
    assert detached.detached().events[-1] == detached.events[-1]  # detached: shared, equal


def test_a_copied_joker_detaches_naming_its_copier() -> None:
    game = Scenario.from_dict(HAND, _plugins()).build()
    blueprint, chad = game.jokers[0], game.jokers[1]
    value = CopiedJoker(chad, blueprint).detached()
    assert (value.name, value.copied_by and value.copied_by.name) == ("Hanging Chad", "Blueprint")
    assert repr(value) == repr(CopiedJoker(chad, blueprint))
    assert pickle.loads(pickle.dumps(value)) == value
    game.close()


def test_a_kept_result_pickles_resolved_without_its_game() -> None:
    """Pickled before anything of it was read, a kept result hands out its parts first;
    the pickle holds none of the pooled game, which is reused once the result is gone."""
    plugins = _plugins()
    expected = _report(Scenario.from_dict(HAND, plugins).score())
    score(HAND, plugins=plugins)
    result = score(HAND, plugins=plugins)
    assert type(result) is scenario_pool.KeptResult
    entry = scenario_pool.pool(plugins)._entries[scenario_pool.content_key(HAND)]
    kept = entry.games[0].game
    data = pickle.dumps(result)  # (nothing of it read before)
    loaded, named = _loaded(data)
    assert named <= _ALLOWED, named - _ALLOWED
    assert _report(loaded) == expected
    del result  # (the copy holds nothing of the game: it is free again)
    again = score(HAND, plugins=plugins)
    assert any(b.game is kept for b in entry.games)  # reused, not rebuilt
    assert _report(copy.deepcopy(again)) == expected


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    bst.scenarios(probabilities="normal", containing=["Blueprint"]),
    st.sampled_from([None, "The Flint", "The Club", "The Eye", "The Pillar", "Verdant Leaf"]),
    st.sampled_from([None, "Plasma Deck", "Checkered Deck", "Red Deck"]),
)
def test_any_hand_with_jokers_round_trips(
    hand: dict[str, Any], blind: str | None, deck: str | None
) -> None:
    hand = {**hand, **({"blind": blind} if blind else {}), **({"deck": deck} if deck else {})}
    plugins = _plugins()
    fresh = Scenario.from_dict(hand, plugins).score()
    expected = _report(fresh)
    # a new build's, then kept games' results, none read yet: the earlier ones' games
    # are restored for the later calls, so these score their content again when taken
    results = [fresh, *(score(hand, plugins=plugins) for _ in range(4))]
    for result in results:
        for other in (pickle.loads(pickle.dumps(result)), copy.deepcopy(result)):
            assert _holds_no_handle(other)
            assert _report(other) == expected


# -- results of a played game ------------------------------------------------------------


def test_a_played_hands_result_round_trips_and_leaves_the_game_as_it_was() -> None:
    game = Game(seed="PICKLE01")
    play_blind(game)
    game.add_joker("j_green_joker")
    game.add_joker("j_blueprint")
    game.add_joker("j_midas_mask")
    hold(game, "KH", "KS", "KD glass", "3D", "4S", "5H", "7C", "9D")
    outcome = game.apply(Play((0, 1, 2)))
    result = outcome.score
    assert result is not None
    expected = _report(result)
    state = game.to_json()
    copies = [pickle.loads(pickle.dumps(result)), copy.deepcopy(result)]
    for other in copies:
        assert _holds_no_handle(other)
        assert _report(other) == expected
    assert game.to_json() == state  # taking the copies changed nothing
    green = next(j for j in game.jokers if j.name == "Green Joker")
    green.state["mult"] += 5  # the game's handles change: the copies do not follow
    result.scoring[0].set_seal(Seal.GOLD)
    assert _report(result) != expected
    assert all(_report(other) == expected for other in copies)
    game.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_played_games_results_round_trip(data: st.DataObject) -> None:
    """Every hand a game played (random jokers, deck, stake and legal actions), read now:
    its copies report what it reports, and taking them changes nothing in the game."""
    keys = data.draw(st.lists(bst.joker_keys(), max_size=5), label="jokers")
    game = data.draw(bst.games(jokers=keys, max_actions=20), label="game")
    if game.run.phase is Phase.ROUND:  # (one hand at least, when a round is on)
        plays = [a for a in game.legal_actions(reorders=False) if isinstance(a, Play)]
        game.apply(plays[data.draw(st.integers(0, len(plays) - 1), label="play")])
    state = game.to_json()
    for outcome in game.log:
        if outcome.score is None:
            continue
        expected = _report(outcome.score)
        for other in (pickle.loads(pickle.dumps(outcome.score)), copy.deepcopy(outcome.score)):
            assert _holds_no_handle(other)
            assert _report(other) == expected
    assert game.to_json() == state
    game.close()


def test_previews_round_trip_keeping_their_class_and_fields() -> None:
    from balatro_ecs.game.unseen import PlayerPreview

    game = Game(seed="PICKLE02")
    play_blind(game)
    game.add_joker("j_misprint")
    for preview in (game.preview_play([0, 1]), game.preview_play([0, 1], player=True, samples=4)):
        expected = _report(preview)
        for other in (pickle.loads(pickle.dumps(preview)), copy.deepcopy(preview)):
            assert type(other) is type(preview) and _holds_no_handle(other)
            assert _report(other) == expected
            if isinstance(preview, PlayerPreview):
                extra = ("exact", "samples", "low", "high")
                assert [getattr(other, f) for f in extra] == [getattr(preview, f) for f in extra]
    game.close()


# -- across processes ---------------------------------------------------------------------


def _score_in_worker(hand: dict[str, Any]) -> tuple[list[ScoreResult], list[tuple[Any, ...]]]:
    """A worker's job: score ``hand`` three times (a new build, then kept games) and
    return the results with what they report there."""
    results = [score(hand) for _ in range(3)]
    return results, [_report(r) for r in results]


def _executor(backend: str) -> Executor:
    if backend == "spawn":  # (the strictest: the worker inherits nothing)
        return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    if backend == "dask":
        pytest.importorskip("dask.distributed")
    executor = make_executor(backend, 1, force_pool=True)  # the batch runners' own
    assert executor is not None
    return executor


@pytest.mark.parametrize("backend", ["spawn", "process", "dask"])
def test_results_come_back_from_a_worker_process(backend: str) -> None:
    hands = [HAND, {**HAND, "jokers": [{"name": "Joker"}], "blind": "The Hook"}]
    executor = _executor(backend)
    try:
        answers = [f.result() for f in [executor.submit(_score_in_worker, h) for h in hands]]
    finally:
        executor.shutdown()
    for hand, (results, reports) in zip(hands, answers, strict=True):
        expected = _report(Scenario.from_dict(hand, _plugins()).score())
        for result, report in zip(results, reports, strict=True):
            assert type(result) is ScoreResult and _holds_no_handle(result)
            assert _report(result) == report == expected


# -- what cannot be detached is named -----------------------------------------------------


@dataclass(frozen=True)
class _Mark:
    """A pack's plain value in an event: it pickles, so it is kept (as a copy)."""

    text: str


class _Token:
    """A pack's own handle that knows how to detach itself."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def detached(self) -> _Mark:
        return _Mark("token")


def _pack(source: Any) -> Plugins:
    """A joker that records a note whose source is ``source(ctx)``."""

    def joker_before(ctx: Any, joker: Any) -> None:
        ctx.note(source(ctx), "noted")

    joker = JokerType(key="j_test_noter", name="Noter", effect="Notes.")
    return Plugins(plugins=[plugin_module("j_test_noter", joker, joker_before=joker_before)],
                   entry_points=False)  # fmt: skip


def _noted(plugins: Plugins) -> ScoreResult:
    hand = {"played": [{"rank": "A", "suit": "S"}], "jokers": [{"name": "Noter"}]}
    return score(hand, plugins=plugins)


def test_a_part_holding_the_game_is_named() -> None:
    plugins = _pack(lambda ctx: types.SimpleNamespace(game=ctx.game))
    result = _noted(plugins)
    for take in (pickle.dumps, copy.deepcopy, lambda r: r.detached()):
        with pytest.raises(DetachError, match=r"events\[\d+\] \(phase .*\): its source .*"
                           r"namespace.* cannot be taken off its game"):  # fmt: skip
            take(result)
    assert isinstance(DetachError("x"), TypeError)
    assert result.to_dict()["hand_name"] == "High Card"  # the result is untouched


def test_a_lock_in_an_event_is_named() -> None:
    result = _noted(_pack(lambda ctx: threading.Lock()))
    with pytest.raises(DetachError, match=r"its source .*lock"):
        pickle.dumps(result)


def test_a_packs_values_and_handles_detach_by_their_own_means() -> None:
    for source, expected in ((lambda ctx: _Mark("plain"), _Mark("plain")),
                             (lambda ctx: _Token(ctx.game), _Mark("token"))):  # fmt: skip
        result = _noted(_pack(source))
        loaded = pickle.loads(pickle.dumps(result))
        notes = [e for e in loaded.events if e[2] == "message" and e[3] == "noted"]
        assert [e[1] for e in notes] == [expected]
        assert _holds_no_handle(loaded)


def test_a_counter_that_cannot_be_copied_is_named() -> None:
    game = Scenario.from_dict(HAND, _plugins()).build()
    result = game.evaluate_play()
    green = next(j for j in game.jokers if j.name == "Green Joker")
    green.state["lock"] = threading.Lock()
    with pytest.raises(DetachError, match=r"Green Joker.*counter 'lock' cannot be copied"):
        pickle.dumps(replace(result, events=[("jokers", green, "mult", 1, None, 1.0, 1.0)]))
    game.close()

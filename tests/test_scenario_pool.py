"""score(dict) keeps validated content and built games (balatro_ecs.game.scenario_pool).

The same content scored again is restored, not validated and built: the results must be
those of a new build, in any order, and nothing a caller holds may change under it.
"""

from __future__ import annotations

import copy
import json
import random
import threading
import weakref
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balatro_ecs import score
from balatro_ecs.game import scenario_pool
from balatro_ecs.game.scenario import Scenario
from balatro_ecs.kernel.errors import ScenarioError
from balatro_ecs.kernel.manager import Plugins
from balatro_ecs.tools.testing import strategies as bst

VECTORS = [
    v["scenario"]
    for v in json.loads((Path(__file__).parent / "data" / "scoring-vectors.json").read_text())
]
HAND = {
    "played": [{"rank": "A", "suit": "S"}, {"rank": "A", "suit": "D"}],
    "jokers": [{"name": "Scholar"}, {"name": "Half Joker"}, {"name": "Banner"}],
    "discards_left": 2,
}


def _plugins() -> Plugins:
    """A plugin set of the test's own (the default one is shared: so is its pool)."""
    return Plugins(entry_points=False)


def _fresh(data: dict[str, Any], plugins: Plugins) -> Any:
    """The result of a new validation and build, bypassing the pool."""
    return Scenario.from_dict(data, plugins).score()


def _summary(result: Any) -> tuple[Any, ...]:
    return (
        result.hand_name,
        result.chips.hex() if isinstance(result.chips, float) else result.chips,
        result.mult.hex() if isinstance(result.mult, float) else result.mult,
        result.score,
        result.dollars,
        result.scoring_cards,
        [(e.phase, e.source, e.kind, repr(e.value), e.target) for e in result.breakdown],
    )


def _pooled_games(plugins: Plugins) -> int:
    return sum(len(e.games) for e in scenario_pool.pool(plugins)._entries.values())


def test_the_same_content_is_restored_not_rebuilt() -> None:
    plugins = _plugins()
    assert score(HAND, plugins=plugins).score == 3960  # seen once: validated, built, dropped
    entry = scenario_pool.pool(plugins)._entries[scenario_pool.content_key(HAND)]
    assert not entry.games
    assert score(HAND, plugins=plugins).score == 3960  # seen again: its game is kept
    game = weakref.ref(entry.games[0].game)  # (a strong reference would keep it from reuse)
    for _ in range(5):
        assert score(HAND, plugins=plugins).score == 3960
    assert entry.games[-1].game is game()  # the same game, restored each time


@pytest.mark.skipif(not scenario_pool.ENABLED, reason="games are kept on CPython only")
def test_every_vector_scores_as_a_new_build_in_any_order() -> None:
    plugins = _plugins()
    expected = [_summary(_fresh(v, plugins)) for v in VECTORS]
    order = list(range(len(VECTORS))) * 3
    random.Random(22).shuffle(order)
    for i in order:
        assert _summary(score(VECTORS[i], plugins=plugins)) == expected[i], VECTORS[i]
    assert _pooled_games(plugins) > 0


def test_a_result_still_held_keeps_its_game_from_being_restored() -> None:
    """Glass cards shatter and Midas Mask gilds: what the first result holds stays as the
    hand left it while the same content is scored again."""
    plugins = _plugins()
    data = {
        "played": [{"rank": "K", "suit": "S"}, {"rank": "K", "suit": "H", "enhancement": "glass"}],
        "jokers": [{"name": "Midas Mask"}, {"name": "Green Joker"}],
        "probabilities": "always",
    }
    first = score(data, plugins=plugins)
    cards = list(first.scoring)
    labels = [c.label for c in cards]
    green = first.events[-1][1]
    counters = dict(green.state)
    again = [score(data, plugins=plugins) for _ in range(3)]
    assert [c.label for c in cards] == labels
    assert dict(green.state) == counters
    assert all(_summary(r) == _summary(first) for r in again)
    held = first.scoring[0]  # the result gone, one of its cards kept
    del first, cards, again
    score(data, plugins=plugins)
    assert held.label == labels[0]


def test_a_game_held_from_outside_is_not_restored() -> None:
    """As a ``balatro_hand_scored`` hook could keep it: the held game stays as it was."""
    plugins = _plugins()
    score(HAND, plugins=plugins)
    score(HAND, plugins=plugins)
    entry = scenario_pool.pool(plugins)._entries[scenario_pool.content_key(HAND)]
    kept = entry.games[0].game
    after = kept.to_json()
    score(HAND, plugins=plugins)
    assert entry.games[-1].game is not kept
    assert kept.to_json() == after


def test_bad_input_is_refused_every_time_and_nothing_is_kept() -> None:
    plugins = _plugins()
    bad = {"played": [{"rank": "A", "suit": "S"}], "jokers": [{"name": "Jokre"}]}
    for _ in range(2):
        with pytest.raises(ScenarioError, match=r"jokers\[0\]\.name"):
            score(bad, plugins=plugins)
    assert not scenario_pool.pool(plugins)._entries


def test_equal_values_of_other_types_are_other_contents() -> None:
    plugins = _plugins()
    good = {"played": [{"rank": "A", "suit": "S"}], "jokers": [{"name": "Joker", "debuff": True}]}
    assert score(good, plugins=plugins).mult == 1
    bad = copy.deepcopy(good)
    bad["jokers"][0]["debuff"] = 1  # == True, hash(1) == hash(True): a valid-looking key
    with pytest.raises(ScenarioError, match="debuff"):
        score(bad, plugins=plugins)
    assert scenario_pool.content_key(1.0) != scenario_pool.content_key(1)
    assert scenario_pool.content_key(-0.0) != scenario_pool.content_key(0.0)
    assert scenario_pool.content_key({"a": object()}) is None
    assert scenario_pool.content_key({"a": True}) != scenario_pool.content_key({"a": 1})


def test_bytes_like_values_share_a_key_and_are_refused_alike() -> None:
    """marshal writes any object with a buffer as the bytes it holds: a ``bytearray`` or a
    ``memoryview`` has the key of equal ``bytes``, and is refused as they are."""
    plugins = _plugins()
    key = scenario_pool.content_key({"a": b"AS"})
    for held in (b"AS", bytearray(b"AS"), memoryview(b"AS")):
        assert scenario_pool.content_key({"a": held}) == key
        data = copy.deepcopy(HAND)
        data["played"][0]["rank"] = held
        with pytest.raises(ScenarioError, match="rank"):
            score(data, plugins=plugins)


def test_a_numpy_string_does_not_stand_for_its_bytes() -> None:
    """A NumPy string is a ``str`` to validation; the bytes it holds are no rank."""
    np = pytest.importorskip("numpy")
    assert scenario_pool.content_key({"a": np.str_("A")}) is None  # (reads back as bytes)
    plugins = _plugins()
    data = copy.deepcopy(HAND)
    data["played"][0]["rank"] = np.str_("A")
    for _ in range(2):
        assert score(data, plugins=plugins).score == 3960
    data["played"][0]["rank"] = np.str_("A").tobytes()
    with pytest.raises(ScenarioError, match="rank"):
        score(data, plugins=plugins)


def test_a_changed_input_is_a_new_content() -> None:
    plugins = _plugins()
    data = copy.deepcopy(HAND)
    assert score(data, plugins=plugins).score == 3960
    data["discards_left"] = 3  # Banner: +30 chips more
    assert score(data, plugins=plugins).score == 162 * 30


def test_threads_score_the_same_content_at_once() -> None:
    plugins = _plugins()
    expected = _summary(_fresh(HAND, plugins))
    errors: list[object] = []

    def work() -> None:
        try:
            for _ in range(40):
                assert _summary(score(HAND, plugins=plugins)) == expected
        except Exception as err:  # reported below
            errors.append(err)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert _pooled_games(plugins) <= scenario_pool.MAX_GAMES


def test_the_pool_is_bounded() -> None:
    plugins = _plugins()
    for n in range(scenario_pool.MAX_CONTENTS + 10):
        score({"played": [{"rank": "A", "suit": "S"}], "dollars": n}, plugins=plugins)
    assert len(scenario_pool.pool(plugins)._entries) == scenario_pool.MAX_CONTENTS
    for n in range(scenario_pool.MAX_PARKED + 10):
        for _ in range(2):
            score({"played": [{"rank": "K", "suit": "S"}], "dollars": n}, plugins=plugins)
    assert _pooled_games(plugins) == scenario_pool.pool(plugins)._parked
    assert _pooled_games(plugins) <= scenario_pool.MAX_PARKED


def test_with_no_room_to_keep_a_game_none_is_made_to_be_kept(monkeypatch: Any) -> None:
    """A full pool builds, scores and drops the game, as for content seen once: no
    snapshot is taken for a game that cannot be kept."""
    plugins = _plugins()
    monkeypatch.setattr(scenario_pool, "MAX_PARKED", 0)
    made: list[Any] = []
    monkeypatch.setattr(scenario_pool._Built, "__init__", lambda self, game: made.append(game))
    expected = _summary(_fresh(HAND, plugins))
    for _ in range(3):
        assert _summary(score(HAND, plugins=plugins)) == expected
    assert made == [] and _pooled_games(plugins) == 0


# -- putting a kept game back: only what scoring wrote, exactly ------------------------------


def _state(game: Any) -> str:
    """Every field of ``game`` a snapshot saves, written out (types and values exactly)."""
    from balatro_ecs.game import copying

    run = game.run
    world = game.world
    parts: list[Any] = [
        run.to_tuple(),
        sorted((k, v.hex() if isinstance(v, float) else v) for k, v in game.rng._state.items()),
        [(e, world._entities[e] is t, s) for e, t, s in zip(*world.state()[:3], strict=True)],
        world.state().next_id,
        game._next_serial(),
        copying._RULES_OF(game._rules),
        [[getattr(x, "entity", x) for x in row] for row in copying._lists(game)],
        tuple(game.log),
        sorted((k, type(v).__name__) for k, v in game.__dict__.items() if k != "_serial"),
    ]
    for area in (copying.C.Area.DECK, copying.C.Area.HAND, copying.C.Area.PLAY):
        for card in game._areas[area]:
            parts.append(
                (card.entity, card.zone, card._tally is game._tally, card._key, card._values)
            )
    for item in (*game.jokers, *game.consumables):
        parts.append((item.entity, item.state, item._table, item.zone, item._price))
    if game.blind is not None:
        parts.append((game.blind._state.disabled, game.blind._state.triggered))
        parts.append(game.blind._state.memory)
    return repr(parts)


def _check_put_back(data: dict[str, Any], plugins: Plugins) -> bool:
    """Score ``data`` three times on one kept game, put back after each: the game is as
    built each time and each result is a new build's. Returns whether the light way was
    taken (:class:`~balatro_ecs.game.copying.ScoredState`)."""
    scenario = Scenario.from_dict(data, plugins)
    expected = _summary(scenario.score())
    built = scenario_pool._Built(scenario._build(fillers=False))
    before = _state(built.game)
    for _ in range(3):
        assert _summary(scenario._score_built(built.game)) == expected, data
        built.restore()
        assert _state(built.game) == before, data
    light = built.scored.light
    built.close()
    return light


def test_a_kept_game_is_put_back_exactly_for_every_vector() -> None:
    plugins = _plugins()
    light = [_check_put_back(v, plugins) for v in VECTORS]
    assert sum(light) > len(VECTORS) * 3 // 4  # the vectors are the game's own content


@pytest.mark.parametrize("probabilities", ["always", "never"])
def test_a_kept_game_is_put_back_exactly_for_every_joker(probabilities: str) -> None:
    """Each of the game's jokers, on a hand with money, Lucky, Glass, Gold and Steel cards,
    a seal that makes a card and held cards (counters grow, cards change and break, DNA
    copies, money is earned)."""
    from balatro_ecs.kernel.content import JokerType

    plugins = _plugins()
    played = [
        {"rank": "K", "suit": "H", "enhancement": "lucky"},
        {"rank": "K", "suit": "S", "enhancement": "glass", "seal": "gold"},
        {"rank": "Q", "suit": "D", "enhancement": "bonus", "edition": "foil"},
    ]
    held = [
        {"rank": "J", "suit": "C", "enhancement": "steel", "seal": "red"},
        {"rank": "2", "suit": "S", "enhancement": "gold"},
    ]
    names = sorted(t.name for t in plugins.all(JokerType))
    assert len(names) >= 150
    for name in names:
        for cards in ([played[0]], played):
            data = {
                "played": cards,
                "held": held,
                "jokers": [{"name": name}, {"name": "Blueprint"}],
                "dollars": 7,
                "probabilities": probabilities,
                "hands_left": 1,
            }
            assert _check_put_back(data, plugins), name


def _kinds() -> list[dict[str, Any]]:
    """Hands whose scoring changes the game: counters grow, Lucky cards pay, Glass breaks,
    Midas Mask and Vampire change cards, DNA copies one, money is earned."""
    king = {"rank": "K", "suit": "H"}
    lucky = {"rank": "K", "suit": "S", "enhancement": "lucky"}
    glass = {"rank": "K", "suit": "D", "enhancement": "glass"}
    gold = {"rank": "Q", "suit": "C", "seal": "gold", "enhancement": "gold"}
    out: list[dict[str, Any]] = []
    for chance in ("always", "never", "normal"):
        for jokers in (
            ["Green Joker", "Ride the Bus", "Ice Cream"],
            ["Seltzer", "Square Joker", "Runner"],
            ["Lucky Cat", "Golden Ticket", "Business Card"],
            ["Midas Mask", "Vampire", "Hologram"],
            ["DNA", "Hologram", "Blueprint"],
            ["Glass Joker", "Space Joker", "Rough Gem"],
            ["Wee Joker", "Hiker", "Reserved Parking"],
        ):
            out.append({
                "played": [lucky] if "DNA" in jokers else [king, lucky, glass, gold],
                "held": [gold, {"rank": "J", "suit": "S", "enhancement": "steel"}],
                "jokers": [{"name": j} for j in jokers],
                "probabilities": chance,
                "dollars": 11,
            })  # fmt: skip
    return out


@pytest.mark.skipif(not scenario_pool.ENABLED, reason="games are kept on CPython only")
def test_hands_that_change_the_game_score_as_a_new_build_in_any_order() -> None:
    plugins = _plugins()
    hands = _kinds() + VECTORS[::7]
    expected = [_summary(_fresh(h, plugins)) for h in hands]
    for seed in (1, 2):  # twice, each time in another order
        order = list(range(len(hands))) * 3
        random.Random(seed).shuffle(order)
        for i in order:
            assert _summary(score(hands[i], plugins=plugins)) == expected[i], hands[i]
    assert _pooled_games(plugins) > 0
    for h in _kinds():
        assert _check_put_back(h, plugins)


def test_a_counters_dict_swapped_for_an_equal_one_is_put_back() -> None:
    """Counters equal to the saved ones but in another dict (a handle's ``state`` set
    anew): the kept game's joker gets its own dict back, as a whole restore gives it."""
    from balatro_ecs.kernel import components as C

    plugins = _plugins()
    data = {"played": [{"rank": "A", "suit": "S"}], "jokers": [{"name": "Scholar"}]}
    scenario = Scenario.from_dict(data, plugins)
    built = scenario_pool._Built(scenario._build(fillers=False))
    assert built.scored.light
    joker = built.game.jokers[0]
    own = joker.state
    scenario._score_built(built.game)
    joker.state = dict(joker.state)  # the same counters (Scholar's never change)
    built.restore()
    assert joker.state is own and joker._table[C.Counters].values is own
    built.close()


# -- a kept game's result: its cards and events handed out when read -------------------------


@pytest.mark.skipif(not scenario_pool.ENABLED, reason="games are kept on CPython only")
def test_a_result_not_read_leaves_its_game_free_at_once() -> None:
    """Results held but never read hold nothing of the game: it is restored each time."""
    plugins = _plugins()
    score(HAND, plugins=plugins)
    held = [score(HAND, plugins=plugins) for _ in range(4)]
    entry = scenario_pool.pool(plugins)._entries[scenario_pool.content_key(HAND)]
    assert len(entry.games) == 1 and entry.games[0].uses == 4  # one game, used each time
    assert all(type(r) is scenario_pool.KeptResult for r in held)
    assert all(r.score == 3960 for r in held)


@pytest.mark.skipif(not scenario_pool.ENABLED, reason="games are kept on CPython only")
def test_a_result_read_at_once_hands_out_its_games_handles() -> None:
    """Read before its game is used again, a result holds that game's cards; the game is
    reused once the result is gone, and not while it is held."""
    plugins = _plugins()
    expected = _summary(_fresh(HAND, plugins))
    score(HAND, plugins=plugins)
    entry = scenario_pool.pool(plugins)._entries[scenario_pool.content_key(HAND)]
    first = score(HAND, plugins=plugins)
    game = weakref.ref(entry.games[0].game)
    assert _summary(first) == expected
    assert first.scoring[0] is game().area(scenario_pool.Area.PLAY)[0]  # the game's own card
    assert _summary(score(HAND, plugins=plugins)) == expected  # held: a new game
    assert entry.games[0].game is not game()
    del first
    again = weakref.ref(entry.games[0].game)
    for _ in range(3):  # each read at once, then dropped: the game is reused each time
        result = score(HAND, plugins=plugins)
        assert _summary(result) == expected
        del result
    assert [b.game for b in entry.games] == [again()]


@pytest.mark.skipif(not scenario_pool.ENABLED, reason="games are kept on CPython only")
def test_a_result_read_after_its_game_scored_again_is_a_new_builds() -> None:
    """Glass breaks and Green Joker grows: read late, a result's cards and events are a new
    build's, as the hand left them; the kept game is not the one they come from."""
    plugins = _plugins()
    data = {
        "played": [{"rank": "9", "suit": "S"}, {"rank": "9", "suit": "H", "enhancement": "glass"}],
        "jokers": [{"name": "Midas Mask"}, {"name": "Green Joker"}],
        "probabilities": "always",
    }
    expected = _summary(_fresh(data, plugins))
    score(data, plugins=plugins)
    early = score(data, plugins=plugins)
    later = [score(data, plugins=plugins) for _ in range(3)]
    kept = scenario_pool.pool(plugins)._entries[scenario_pool.content_key(data)].games[0].game
    assert _summary(early) == expected  # read after its game was restored three times
    assert all(card not in kept.area(scenario_pool.Area.PLAY) for card in early.scoring)
    assert [c.label for c in early.destroyed] == ["9♥ glass"]
    green = next(e[1] for e in early.events if getattr(e[1], "name", "") == "Green Joker")
    assert green.state["mult"] == 1  # as the hand left it
    assert all(_summary(r) == expected for r in later)


def test_a_kept_result_copies_and_replaces_as_a_plain_result() -> None:
    import dataclasses

    from balatro_ecs import ScoreResult

    plugins = _plugins()
    score(HAND, plugins=plugins)
    for read in (copy.copy, lambda r: dataclasses.replace(r, score=1)):
        result = score(HAND, plugins=plugins)
        other = read(result)
        assert isinstance(other, ScoreResult) and other is not result
        assert _summary(other)[:3] == _summary(result)[:3]
        assert len(other.events) == len(result.events) == len(_fresh(HAND, plugins).events)
    result = score(HAND, plugins=plugins)
    result.events = []  # written: the other handles are handed out first, as they were
    assert result.breakdown == () or len(result.breakdown) == 0
    assert [c.label for c in result.scoring] == ["A♠", "A♦"]


def test_threads_read_one_result_at_once() -> None:
    plugins = _plugins()
    expected = _summary(_fresh(HAND, plugins))
    score(HAND, plugins=plugins)
    for _ in range(5):
        result = score(HAND, plugins=plugins)
        seen: list[Any] = []

        def read(result: Any = result, seen: list[Any] = seen) -> None:
            seen.append(_summary(result))

        threads = [threading.Thread(target=read) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert seen == [expected] * 4


# -- a property: any hands, in any order, read or not, equal new builds -------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(bst.scenarios(probabilities="normal"), min_size=1, max_size=3),
    st.lists(st.tuples(st.integers(0, 2), st.booleans(), st.booleans()), min_size=1, max_size=12),
)
def test_any_hands_scored_again_in_any_order_equal_new_builds(
    hands: list[dict[str, Any]], calls: list[tuple[int, bool, bool]]
) -> None:
    """``score(d)`` again and again, interleaved with other dicts, each result read at
    once, later or never, some held: every one equals a new, un-pooled build's."""
    plugins = _plugins()
    expected = [_summary(_fresh(h, plugins)) for h in hands]
    held: list[tuple[int, Any]] = []
    for index, read_now, hold in calls:
        i = index % len(hands)
        result = score(hands[i], plugins=plugins)
        if read_now:
            assert _summary(result) == expected[i]
        if hold:
            held.append((i, result))
        del result
    for i, result in held:
        assert _summary(result) == expected[i]

"""The compiled random streams (``balatro_ecs.kernel._rng_c``) against the Python reference.

rng.py is the reference; where the optional extension was built, its first_draw, hash walk
and seeded shuffle must give the same bits on every input. Without it (no C compiler at
install time) the comparisons skip and the package runs the Python forms, which
``BALATRO_ECS_PURE_PYTHON=1`` also forces: the last tests run whole seeds both ways.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balatro_ecs.kernel import rng

_rng_c = pytest.importorskip("balatro_ecs.kernel._rng_c", reason="the extension was not built")

finite = st.floats(allow_nan=False, allow_infinity=False)


@given(finite)
@settings(max_examples=3000, deadline=None)
def test_first_draw_is_the_reference_to_the_bit(d: float) -> None:
    assert _rng_c.first_draw(d).hex() == rng.first_draw_py(d).hex()


def test_first_draw_over_the_game_s_range_and_extremes() -> None:
    sample = random.Random(22)
    values = [0.0, -0.0, 1.0, 0.5, 5e-324, 1e308, -1e308, 2.0**-1074, 0.9999999999999999]
    values += [sample.random() * sample.choice([1.0, 1e-6, 1e6, 1e-300]) for _ in range(20000)]
    for d in values:
        assert _rng_c.first_draw(d) == rng.first_draw_py(d), d


@given(st.binary(max_size=40), st.integers(0, 64), st.floats(1e-300, 1.0, exclude_min=True))
@settings(max_examples=3000, deadline=None)
def test_the_hash_walk_is_the_reference_to_the_bit(data: bytes, offset: int, num: float) -> None:
    def outcome(walk: Callable[[bytes, int, float], float]) -> str:
        try:
            return walk(data, offset, num).hex()
        except ZeroDivisionError:  # a step reached 0.0: the next one divides by it
            return "ZeroDivisionError"

    assert outcome(_rng_c.walk) == outcome(rng._walk_py)


def test_the_hash_walk_fails_as_python_does_on_zero() -> None:
    with pytest.raises(ZeroDivisionError):
        rng._walk_py(b"a", 0, 0.0)
    with pytest.raises(ZeroDivisionError):
        _rng_c.walk(b"a", 0, 0.0)
    assert _rng_c.walk(b"", 3, 0.0) == rng._walk_py(b"", 3, 0.0) == 0.0


@given(st.floats(0.0, 1.0), st.integers(0, 120))
@settings(max_examples=1500, deadline=None)
def test_the_seeded_shuffle_is_the_reference(d: float, n: int) -> None:
    compiled, reference = list(range(n)), list(range(n))
    _rng_c.shuffle(d, compiled)
    rng.LuaRandom(d).shuffle(reference)
    assert compiled == reference


def test_the_compiled_shuffle_refuses_what_is_not_a_list() -> None:
    with pytest.raises(TypeError, match="list"):
        _rng_c.shuffle(0.5, (1, 2, 3))
    with pytest.raises(TypeError):
        _rng_c.first_draw("0.5")


def test_game_random_shuffles_any_sequence_alike() -> None:
    """A list takes the compiled path, another mutable sequence the Python one."""
    import array

    as_list = list(range(52))
    as_array = array.array("i", range(52))
    rng.GameRandom("SEED").shuffle("shuffle", as_list)
    rng.GameRandom("SEED").shuffle("shuffle", as_array)
    assert as_list == list(as_array)


def _seed_report(seed: str, pure: bool) -> tuple[bool, dict[str, object]]:
    env = dict(os.environ, BALATRO_ECS_PURE_PYTHON="1" if pure else "0")
    code = (
        "import json, sys; from balatro_ecs.kernel import rng;"
        "from balatro_ecs.tools.seeds import analyze;"
        f"print(json.dumps([rng.COMPILED, analyze({seed!r}).to_dict()]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    compiled, report = json.loads(out.stdout)
    return compiled, report


@pytest.mark.parametrize("seed", ["S92QQLIC", "KLTAIZG6"])
def test_a_seed_reads_the_same_with_the_python_streams(seed: str) -> None:
    compiled, fast = _seed_report(seed, pure=False)
    pure_flag, slow = _seed_report(seed, pure=True)
    assert compiled is True and pure_flag is False
    assert fast == slow


# -- a stream's whole step: advance (pseudoseed), roll (pseudorandom), pick (element) --------

_STREAM_KEYS = st.text(min_size=0, max_size=20)
_SEED_TEXT = st.text(min_size=0, max_size=12)


@given(st.floats(0.0, 1.0))
@settings(max_examples=3000, deadline=None)
def test_round13_is_python_s_round(x: float) -> None:
    assert _rng_c.round13(x).hex() == round(x, 13).hex()


def test_round13_on_ties_magnitudes_and_the_edges() -> None:
    sample = random.Random(13)
    values = [0.0, 5e-324, 4.9999999999999e-14, 5e-14, 5.0000000000001e-14, 0.5, 1.0]
    values += [(q + 0.5) / 1e13 for q in range(0, 10**13, 999_983_1)]  # near-ties
    values += [q / 1e13 for q in range(0, 10**13, 777_777_7)]
    values += [sample.random() * 10.0 ** sample.randint(-20, 20) for _ in range(20000)]
    values += [2.0**52, 2.0**53 + 2, 1e300]
    for x in values:
        assert _rng_c.round13(x).hex() == round(x, 13).hex(), x.hex()
    for bad in (-0.5, float("inf"), float("nan")):
        with pytest.raises(ValueError):
            _rng_c.round13(bad)


def _both(name: str, *args: object) -> tuple[object, object]:
    """The compiled step and the reference, each on its own copy of the arguments."""
    return getattr(_rng_c, name)(*args), getattr(rng, f"_{name}_py")(*args)


@given(_SEED_TEXT, st.lists(_STREAM_KEYS, min_size=1, max_size=8))
@settings(max_examples=1500, deadline=None)
def test_a_stream_s_steps_are_the_reference_to_the_bit(seed: str, keys: list[str]) -> None:
    hashed = rng.pseudohash(seed)
    fast: dict[str, float] = {}
    slow: dict[str, float] = {}
    items = ("a", "b", "c", "d", "e", "f", "g")
    for key in keys * 2:  # each stream new, then moved on
        assert _rng_c.advance(fast, key, seed, hashed, {}, 100).hex() == (
            rng._advance_py(slow, key, seed, hashed, {}, 100).hex()
        )
        assert _rng_c.roll(fast, key, seed, hashed, {}, 100).hex() == (
            rng._roll_py(slow, key, seed, hashed, {}, 100).hex()
        )
        assert _rng_c.pick(fast, key, seed, hashed, {}, 100, items) == (
            rng._pick_py(slow, key, seed, hashed, {}, 100, items)
        )
    assert {k: v.hex() for k, v in fast.items()} == {k: v.hex() for k, v in slow.items()}


def test_a_stream_s_steps_keep_one_name_per_stream_and_empty_the_names_past_the_limit() -> None:
    for step in (_rng_c.advance, rng._advance_py):
        names: dict[str, str] = {}
        state: dict[str, float] = {}
        first = "".join(["Tag", "1"])  # made as text, as a stream name is
        step(state, first, "SEED", 0.5, names, 3)
        again = "".join(["Tag", "1"])
        assert again is not first
        step({}, again, "SEED", 0.5, names, 3)  # another game's stream of that name
        assert names == {"Tag1": "Tag1"} and names["Tag1"] is first
        for n in range(3):
            step(state, f"k{n}", "SEED", 0.5, names, 3)
        assert not names  # four names: past the limit, emptied
        assert set(state) == {"Tag1", "k0", "k1", "k2"}


def test_pick_takes_any_sequence_and_moves_no_stream_for_an_empty_one() -> None:
    class Letters:
        def __len__(self) -> int:
            return 5

        def __getitem__(self, index: int) -> str:
            if not 0 <= index < 5:
                raise IndexError(index)
            return "abcde"[index]

    for items in (["a", "b", "c", "d", "e"], ("a", "b", "c", "d", "e"), Letters(), "abcde"):
        fast: dict[str, float] = {}
        slow: dict[str, float] = {}
        for key in ("boss", "Tag1", "boss"):
            assert _rng_c.pick(fast, key, "S", 0.25, {}, 10, items) == (
                rng._pick_py(slow, key, "S", 0.25, {}, 10, items)
            )
    state: dict[str, float] = {}
    with pytest.raises(ValueError, match="empty"):
        _rng_c.pick(state, "boss", "S", 0.25, {}, 10, [])
    assert state == {}
    with pytest.raises(ValueError, match=r"empty list \(stream 'boss'"):
        rng.GameRandom("S").element("boss", [])


def test_a_stream_s_steps_refuse_bad_arguments_cleanly() -> None:
    with pytest.raises(TypeError):
        _rng_c.advance({}, "k", "S", 0.5, {})  # five arguments
    with pytest.raises(TypeError, match="str"):
        _rng_c.roll({}, 1, "S", 0.5, {}, 10)
    with pytest.raises(TypeError, match="dicts"):
        _rng_c.roll([], "k", "S", 0.5, {}, 10)
    with pytest.raises(TypeError):
        _rng_c.roll({}, "k", "S", "0.5", {}, 10)
    with pytest.raises(TypeError):
        _rng_c.pick({}, "k", "S", 0.5, {}, 10, 5)  # not a sequence
    state = {"k": 0.25}
    assert _rng_c.roll(state, "k", "S", 0.5, {}, 10) == rng._roll_py(
        {"k": 0.25}, "k", "S", 0.5, {}, 10
    )


def test_game_random_draws_through_the_compiled_step() -> None:
    assert (rng._roll is _rng_c.roll and rng._pick is _rng_c.pick) is rng.COMPILED
    fast, slow = rng.GameRandom("ABCDEFGH"), rng.GameRandom("ABCDEFGH")
    for key in ("boss", "Voucher1", "Tag1", "Tag1", "orbital", "lucky_mult"):
        assert fast.random(key) == rng._roll_py(
            slow._state, key, slow.seed, slow._hashed_seed, {}, 10
        )
    assert fast.snapshot() == slow.snapshot()

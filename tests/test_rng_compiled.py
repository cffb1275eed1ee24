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

"""The game's seeded random streams.

Balatro never uses one shared random generator: every draw is keyed by its purpose
(``"lucky_mult"``, ``"nr1"``, ``"boss"``, ...). Each key owns a stream whose state is
derived from the run seed, and each draw reseeds LuaJIT's ``math.random`` from that
stream before drawing. This module reproduces that arithmetic bit for bit:

* :class:`LuaRandom` is LuaJIT 2.x's ``math.random``: a Tausworthe generator over four
  64-bit words (TW223), seeded from a double.
* :func:`pseudohash` turns a string into a double in ``[0, 1)``.
* :class:`GameRandom` owns the named streams of one run (``pseudoseed``,
  ``pseudorandom``, ``pseudorandom_element``, ``pseudoshuffle``).

Nothing here touches Python's global :mod:`random`; a run's draws depend only on its
seed and the order of the draws made from each stream.

This Python code is the reference. Where the optional compiled module
``balatro_ecs.kernel._rng_c`` was built (``setup.py``; it needs a C compiler), its forms of
the hot functions -- :func:`first_draw`, the hash's walk, the seeded shuffle and a stream's
whole step (a new stream's seeded hash, the move on, the rounding and the draw in one call)
-- replace them here: the same bits (``tests/test_rng_compiled.py``), several times faster.
``BALATRO_ECS_PURE_PYTHON=1`` in the environment keeps the Python forms; :data:`COMPILED`
says which are in use.
"""

from __future__ import annotations

import importlib
import math
import os
import struct
from collections.abc import Callable, Hashable, MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import show

__all__ = ["COMPILED", "GameRandom", "LuaRandom", "lua_mod", "pseudohash", "stream_key"]

T = TypeVar("T")

_MASK64 = 0xFFFFFFFFFFFFFFFF
_PACK_DOUBLE = struct.Struct("<d")
_PACK_U64 = struct.Struct("<Q")


def lua_mod(a: float, b: float) -> float:
    """Lua's ``a % b`` for doubles: ``a - floor(a / b) * b``, rounded as Lua rounds it.

    Python's ``%`` is the exact remainder; Lua's differs in the last bits for some
    inputs, and the game's hashes depend on those bits.
    """
    return a - math.floor(a / b) * b


_HASHES: dict[str, float] = {}
_HASH_CACHE_LIMIT = 100_000
#: The streams' names, each kept once: a game's streams are keyed by these, so that names
#: made as text (``"Tag1_resample2"``) are not held again by every game.
_KEYS: dict[str, str] = {}
_KEYS_LIMIT = 10_000


def pseudohash(text: str) -> float:
    """The game's string hash: a double in ``[0, 1)`` (cached: it is a pure function).

    >>> pseudohash("")
    1.0
    """
    found = _HASHES.get(text)
    if found is None:
        if len(_HASHES) >= _HASH_CACHE_LIMIT:
            _HASHES.clear()
        found = _HASHES[text] = _pseudohash(text)
    return found


def _pseudohash(text: str) -> float:
    # lua_mod(x, 1.0) is x - floor(x): x / 1.0 and floor(x) * 1.0 are exact.
    return _walk(text.encode("utf-8"), 0, 1.0)


#: For the last few seeds: the hash of each key a stream was seeded from, and the seed's
#: part of the hash by key length (see :func:`seeded_hash`). Kept per seed, not per game,
#: and only for a few seeds: games on one seed (scenarios, on the default seed; replays)
#: share them, and a game on a new seed holds nothing of its own.
_SEEDS: dict[str, tuple[dict[str, float], dict[int, float]]] = {}
_SEEDS_LIMIT = 8


def _seed_tables(seed: str) -> tuple[dict[str, float], dict[int, float]]:
    found = _SEEDS.get(seed)
    if found is None:
        if len(_SEEDS) >= _SEEDS_LIMIT:
            try:  # noqa: SIM105  (try costs nothing here; suppress() is a call on a new game)
                del _SEEDS[next(iter(_SEEDS))]  # the oldest seed
            except (KeyError, RuntimeError, StopIteration):  # another thread changed it first
                pass
        found = _SEEDS[seed] = ({}, {})
    return found


def seeded_hash(key: str, seed: str) -> float:
    """``pseudohash(key + seed)``, kept for the last few seeds (a run hashes each of its
    keys once, but games on one seed hash the same keys again).

    The hash walks the text from its end, and each step depends only on the position, the
    byte and the previous step: the steps over ``seed`` are the same for every key of one
    length. They are kept too (key length -> the hash's state after the seed), so that
    only ``key`` is walked for the next key of that length.
    """
    hashes, tails = _seed_tables(seed)
    found = hashes.get(key)
    if found is not None:
        return found
    data = key.encode("utf-8")
    n = len(data)
    tail = tails.get(n)
    if tail is None:
        tail = tails[n] = _walk(seed.encode("utf-8"), n, 1.0)
    found = hashes[key] = _walk(data, 0, tail)
    return found


def _walk_py(data: bytes, offset: int, num: float) -> float:
    """The hash's steps over ``data``, from its end, at positions ``offset + len(data)``
    down to ``offset + 1``, starting from ``num``."""
    # x - floor(x) is x % 1.0 to the bit for x >= 0 (both exact), and % is one operation.
    pi = math.pi
    i = offset + len(data)
    for byte in reversed(data):
        num = ((1.1239285023 / num) * byte * pi + pi * i) % 1.0
        i -= 1
    return num


#: The hash's walk in use: :func:`_walk_py`, or its compiled form (end of the module).
_walk: Callable[[bytes, int, float], float] = _walk_py


def _bits_double(u: int) -> float:
    return float(_PACK_DOUBLE.unpack(_PACK_U64.pack(u))[0])


# The four TW223 words: (k, q, s) of LuaJIT's generator.
_WORDS = ((63, 31, 18), (58, 19, 28), (55, 24, 7), (47, 21, 8))
_WARMUP = 10


def _word_step(z: int, k: int, q: int, s: int) -> int:
    return ((((z << q) & _MASK64) ^ z) >> (k - s)) ^ (
        ((z & ((_MASK64 << (64 - k)) & _MASK64)) << s) & _MASK64
    )


def _warmup_tables(steps: int = _WARMUP) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Byte tables for ``steps`` steps of each word.

    Each word's step is linear over GF(2) (shifts, masks and xors), so ten steps are a
    64x64 bit matrix; splitting the input into bytes turns applying it into eight table
    lookups. This gives the same bits as stepping, about five times faster.
    """
    tables = []
    for k, q, s in _WORDS:
        columns = []
        for bit in range(64):
            z = 1 << bit
            for _ in range(steps):
                z = _word_step(z, k, q, s)
            columns.append(z)
        per_byte = []
        for byte in range(8):
            entries = []
            for value in range(256):
                acc = 0
                for b in range(8):
                    if value >> b & 1:
                        acc ^= columns[byte * 8 + b]
                entries.append(acc)
            per_byte.append(tuple(entries))
        tables.append(tuple(per_byte))
    return tuple(tables)


_TABLES = _warmup_tables()
#: Warm-up plus the first draw: what ``randomseed(d); random()`` needs, without the state.
_FIRST_DRAW_TABLES = _warmup_tables(_WARMUP + 1)


def _seed_words(d: float, tables: tuple[tuple[tuple[int, ...], ...], ...]) -> list[int]:
    """``randomseed(d)``'s four state words, pushed through ``tables`` (warm-up steps)."""
    r = 0x11090601
    words = []
    pack = _PACK_DOUBLE.pack
    for table in tables:
        m = 1 << (r & 255)
        r >>= 8
        d = d * 3.14159265358979323846 + 2.7182818284590452354
        u = int.from_bytes(pack(d), "little")
        if u < m:
            u += m
        t0, t1, t2, t3, t4, t5, t6, t7 = table
        words.append(
            t0[u & 255] ^ t1[(u >> 8) & 255] ^ t2[(u >> 16) & 255] ^ t3[(u >> 24) & 255]
            ^ t4[(u >> 32) & 255] ^ t5[(u >> 40) & 255] ^ t6[(u >> 48) & 255] ^ t7[u >> 56]
        )  # fmt: skip
    return words


def _first_draw() -> Callable[[float], float]:
    """:func:`first_draw`: :func:`_seed_words` over :data:`_FIRST_DRAW_TABLES` and the draw,
    unrolled, with the 32 tables in local variables (the game draws this way every time)."""
    (
        (a0, a1, a2, a3, a4, a5, a6, a7),
        (b0, b1, b2, b3, b4, b5, b6, b7),
        (c0, c1, c2, c3, c4, c5, c6, c7),
        (e0, e1, e2, e3, e4, e5, e6, e7),
    ) = _FIRST_DRAW_TABLES
    pack = _PACK_DOUBLE.pack
    pack_u64 = _PACK_U64.pack
    unpack_double = _PACK_DOUBLE.unpack
    from_bytes = int.from_bytes

    def first_draw(d: float) -> float:
        """``math.randomseed(d); return math.random()`` in one go (the game's usual draw)."""
        # Each word: d = d*pi + e, its bits (at least 1 << shift: 1, 6, 9, 17), warmed up.
        d = d * 3.14159265358979323846 + 2.7182818284590452354
        u = from_bytes(pack(d), "little")
        if u < 2:
            u += 2
        w = (
            a0[u & 255] ^ a1[(u >> 8) & 255] ^ a2[(u >> 16) & 255] ^ a3[(u >> 24) & 255]
            ^ a4[(u >> 32) & 255] ^ a5[(u >> 40) & 255] ^ a6[(u >> 48) & 255] ^ a7[u >> 56]
        )  # fmt: skip
        d = d * 3.14159265358979323846 + 2.7182818284590452354
        u = from_bytes(pack(d), "little")
        if u < 64:
            u += 64
        w ^= (
            b0[u & 255] ^ b1[(u >> 8) & 255] ^ b2[(u >> 16) & 255] ^ b3[(u >> 24) & 255]
            ^ b4[(u >> 32) & 255] ^ b5[(u >> 40) & 255] ^ b6[(u >> 48) & 255] ^ b7[u >> 56]
        )  # fmt: skip
        d = d * 3.14159265358979323846 + 2.7182818284590452354
        u = from_bytes(pack(d), "little")
        if u < 512:
            u += 512
        w ^= (
            c0[u & 255] ^ c1[(u >> 8) & 255] ^ c2[(u >> 16) & 255] ^ c3[(u >> 24) & 255]
            ^ c4[(u >> 32) & 255] ^ c5[(u >> 40) & 255] ^ c6[(u >> 48) & 255] ^ c7[u >> 56]
        )  # fmt: skip
        d = d * 3.14159265358979323846 + 2.7182818284590452354
        u = from_bytes(pack(d), "little")
        if u < 131072:
            u += 131072
        w ^= (
            e0[u & 255] ^ e1[(u >> 8) & 255] ^ e2[(u >> 16) & 255] ^ e3[(u >> 24) & 255]
            ^ e4[(u >> 32) & 255] ^ e5[(u >> 40) & 255] ^ e6[(u >> 48) & 255] ^ e7[u >> 56]
        )  # fmt: skip
        bits = (w & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000
        return float(unpack_double(pack_u64(bits))[0]) - 1.0

    return first_draw


first_draw_py = _first_draw()
#: ``math.randomseed(d); math.random()``: :data:`first_draw_py`, or its compiled form.
first_draw: Callable[[float], float] = first_draw_py


class LuaRandom:
    """LuaJIT 2.x ``math.random``/``math.randomseed`` (the TW223 generator).

    >>> r = LuaRandom(0.5)
    >>> 0.0 <= r.random() < 1.0
    True
    """

    __slots__ = ("_z0", "_z1", "_z2", "_z3")

    def __init__(self, seed: float = 0.0) -> None:
        self._z0 = self._z1 = self._z2 = self._z3 = 0
        self.seed(seed)

    def seed(self, d: float) -> None:
        """``math.randomseed(d)``: four state words from successive ``d*pi + e``, warmed up."""
        self._z0, self._z1, self._z2, self._z3 = _seed_words(d, _TABLES)

    def _step(self) -> int:
        z = self._z0
        z = ((((z << 31) & _MASK64) ^ z) >> 45) ^ (((z & (_MASK64 << 1)) << 18) & _MASK64)
        self._z0 = z
        r = z
        z = self._z1
        z = ((((z << 19) & _MASK64) ^ z) >> 30) ^ (((z & (_MASK64 << 6)) << 28) & _MASK64)
        self._z1 = z
        r ^= z
        z = self._z2
        z = ((((z << 24) & _MASK64) ^ z) >> 48) ^ (((z & (_MASK64 << 9)) << 7) & _MASK64)
        self._z2 = z
        r ^= z
        z = self._z3
        z = ((((z << 21) & _MASK64) ^ z) >> 39) ^ (((z & (_MASK64 << 17)) << 8) & _MASK64)
        self._z3 = z
        r ^= z
        return (r & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000

    def random(self) -> float:
        """``math.random()``: a double in ``[0, 1)``."""
        return _bits_double(self._step()) - 1.0

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates over ``items`` with :meth:`choice_index` draws, in place: the
        steps of :meth:`_step` unrolled in local variables (a shuffle draws once a card)."""
        z0, z1, z2, z3 = self._z0, self._z1, self._z2, self._z3
        m = _MASK64
        m0, m1, m2, m3 = m << 1 & m, m << 6 & m, m << 9 & m, m << 17 & m
        pack, unpack, floor = _PACK_U64.pack, _PACK_DOUBLE.unpack, math.floor
        for i in range(len(items) - 1, 0, -1):
            z0 = ((((z0 << 31) & m) ^ z0) >> 45) ^ (((z0 & m0) << 18) & m)
            z1 = ((((z1 << 19) & m) ^ z1) >> 30) ^ (((z1 & m1) << 28) & m)
            z2 = ((((z2 << 24) & m) ^ z2) >> 48) ^ (((z2 & m2) << 7) & m)
            z3 = ((((z3 << 21) & m) ^ z3) >> 39) ^ (((z3 & m3) << 8) & m)
            bits = ((z0 ^ z1 ^ z2 ^ z3) & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000
            j = floor((float(unpack(pack(bits))[0]) - 1.0) * (i + 1))
            items[i], items[j] = items[j], items[i]
        self._z0, self._z1, self._z2, self._z3 = z0, z1, z2, z3

    def randint(self, low: int, high: int) -> int:
        """``math.random(low, high)``: an integer in ``[low, high]``."""
        return int(math.floor(self.random() * (high - low + 1)) + low)

    def choice_index(self, n: int) -> int:
        """``math.random(n)`` minus one: a 0-based index in ``[0, n)``."""
        return math.floor(self.random() * n)


def _format13(x: float) -> float:
    # The game rounds every stream state to 13 decimals through string.format("%.13f");
    # CPython's round() is the same correctly rounded conversion, without the string.
    return abs(round(x, 13))


def _advance_py(
    state: dict[str, float], key: str, seed: str, hashed_seed: float, keys: dict[str, str],
    limit: int,
) -> float:  # fmt: skip
    """``pseudoseed(key)`` over a run's stream positions ``state`` (changed in place): the
    stream's position, or for a new stream the hash of ``key + seed`` (its name kept once
    in ``keys``, emptied past ``limit``), moved on and rounded to 13 decimals; returns
    ``(position + hashed_seed) / 2``, the draw's seed value."""
    position = state.get(key)
    if position is None:
        key = keys.setdefault(key, key)  # (one string per stream name for every game)
        if len(keys) > limit:
            keys.clear()
        position = seeded_hash(key, seed)
    # _format13(lua_mod(x, 1.0)), inline: lua_mod(x, 1.0) is x - floor(x), exactly,
    # which is x % 1.0 for x >= 0.
    position = abs(round((2.134453429141 + position * 1.72431234) % 1.0, 13))
    state[key] = position
    return (position + hashed_seed) / 2


def _roll_py(
    state: dict[str, float], key: str, seed: str, hashed_seed: float, keys: dict[str, str],
    limit: int,
) -> float:  # fmt: skip
    """``pseudorandom(key)``: :func:`first_draw` of :func:`_advance_py`."""
    return first_draw(_advance_py(state, key, seed, hashed_seed, keys, limit))


def _pick_py(
    state: dict[str, float], key: str, seed: str, hashed_seed: float, keys: dict[str, str],
    limit: int, items: Sequence[T],
) -> T:  # fmt: skip
    """``pseudorandom_element`` once sorted: the item of ``items`` (not empty) at the roll
    of :func:`_roll_py` times their number, rounded down."""
    return items[math.floor(_roll_py(state, key, seed, hashed_seed, keys, limit) * len(items))]


#: The stream steps in use: the Python forms above, or their compiled forms (end of the
#: module; one call for the whole of a draw).
_advance: Callable[..., float] = _advance_py
_roll: Callable[..., float] = _roll_py
_pick: Callable[..., Any] = _pick_py


class GameRandom:
    """The named random streams of one run, seeded from the run seed.

    Every method takes the stream's key. Two runs with the same seed that make the
    same draws in the same order get the same numbers, in any process.

    >>> a, b = GameRandom("ABC"), GameRandom("ABC")
    >>> a.random("lucky_mult") == b.random("lucky_mult")
    True
    """

    __slots__ = ("_gen", "_hashed_seed", "_state", "seed")

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self._hashed_seed = pseudohash(seed)
        self._state: dict[str, float] = {}
        #: Scratch generator for shuffles (made on the first one; reseeded every time).
        self._gen: LuaRandom | None = None

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, float]:
        """The streams' positions, for saving (a plain, JSON-ready mapping)."""
        return dict(self._state)

    def at(self, state: dict[str, float]) -> bool:
        """Whether the streams are where :meth:`snapshot` found ``state`` (compared, not
        copied)."""
        return self._state == state

    def restore(self, state: dict[str, float]) -> None:
        """Put the streams back where :meth:`snapshot` found them."""
        self._state = {str(k): float(v) for k, v in state.items()}

    def copy(self) -> GameRandom:
        """An independent copy at the same positions."""
        other = GameRandom(self.seed)
        other._state = dict(self._state)
        return other

    # -- draws -----------------------------------------------------------------
    def seed_for(self, key: str) -> float:
        """``pseudoseed(key)``: advance the stream ``key`` and return its seed value."""
        return _advance(self._state, key, self.seed, self._hashed_seed, _KEYS, _KEYS_LIMIT)

    def random(self, key: str) -> float:
        """``pseudorandom(key)``: a double in ``[0, 1)`` from the stream ``key``."""
        return _roll(self._state, key, self.seed, self._hashed_seed, _KEYS, _KEYS_LIMIT)

    def randint(self, key: str, low: int, high: int) -> int:
        """``pseudorandom(key, low, high)``: an integer in ``[low, high]``."""
        roll = _roll(self._state, key, self.seed, self._hashed_seed, _KEYS, _KEYS_LIMIT)
        return int(math.floor(roll * (high - low + 1)) + low)

    def element(
        self, key: str, items: Sequence[T], sort_key: Callable[[T], Any] | None = None
    ) -> T:
        """``pseudorandom_element``: pick one item, after sorting them the game's way.

        The game sorts the candidates (by ``sort_key``, or by their own order when
        none is given) before drawing an index, so the pick does not depend on the
        order in which the caller listed them.
        """
        if not items:
            raise ValueError(f"cannot draw from an empty list (stream {show(key)})")
        if sort_key is not None:
            items = sorted(items, key=sort_key)
        picked: T = _pick(self._state, key, self.seed, self._hashed_seed, _KEYS, _KEYS_LIMIT, items)
        return picked

    def shuffle(self, key: str, items: MutableSequence[Any]) -> None:
        """``pseudoshuffle``: the game's Fisher-Yates shuffle, in place."""
        if _shuffle_c is not None and type(items) is list:
            _shuffle_c(self.seed_for(key), items)
            return
        gen = self._gen
        if gen is None:
            gen = self._gen = LuaRandom(0.0)
        gen.seed(self.seed_for(key))
        gen.shuffle(items)


def _compiled() -> Any:
    """The compiled module, unless it is absent or ``BALATRO_ECS_PURE_PYTHON`` is set."""
    if os.environ.get("BALATRO_ECS_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(f"{__package__}._rng_c")
    except ImportError:
        return None


_C = _compiled()
#: Whether the compiled forms of the hot functions are in use (see the module's docstring).
COMPILED: bool = _C is not None
_shuffle_c: Callable[[float, list[Any]], None] | None = None
if _C is not None:
    first_draw = _C.first_draw
    _walk = _C.walk
    _shuffle_c = _C.shuffle
    _advance = _C.advance
    _roll = _C.roll
    _pick = _C.pick


def stream_key(*parts: Hashable) -> str:
    """Join the parts of a stream key the way the game concatenates them (``"nr" .. ante``)."""
    return "".join(str(p) for p in parts)

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
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Hashable, MutableSequence, Sequence
from typing import Any, TypeVar

__all__ = ["GameRandom", "LuaRandom", "lua_mod", "pseudohash", "stream_key"]

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
    num = 1.0
    data = text.encode("utf-8")
    for i in range(len(data), 0, -1):
        num = lua_mod((1.1239285023 / num) * data[i - 1] * math.pi + math.pi * i, 1.0)
    return num


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


def first_draw(d: float) -> float:
    """``math.randomseed(d); return math.random()`` in one go (the game's usual draw)."""
    w0, w1, w2, w3 = _seed_words(d, _FIRST_DRAW_TABLES)
    return _bits_double(((w0 ^ w1 ^ w2 ^ w3) & 0x000FFFFFFFFFFFFF) | 0x3FF0000000000000) - 1.0


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
        self._gen = LuaRandom(0.0)

    # -- state -----------------------------------------------------------------
    def snapshot(self) -> dict[str, float]:
        """The streams' positions, for saving (a plain, JSON-ready mapping)."""
        return dict(self._state)

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
        state = self._state.get(key)
        if state is None:
            state = pseudohash(key + self.seed)
        state = _format13(lua_mod(2.134453429141 + state * 1.72431234, 1.0))
        self._state[key] = state
        return (state + self._hashed_seed) / 2

    def random(self, key: str) -> float:
        """``pseudorandom(key)``: a double in ``[0, 1)`` from the stream ``key``."""
        return first_draw(self.seed_for(key))

    def randint(self, key: str, low: int, high: int) -> int:
        """``pseudorandom(key, low, high)``: an integer in ``[low, high]``."""
        return int(math.floor(first_draw(self.seed_for(key)) * (high - low + 1)) + low)

    def element(
        self, key: str, items: Sequence[T], sort_key: Callable[[T], Any] | None = None
    ) -> T:
        """``pseudorandom_element``: pick one item, after sorting them the game's way.

        The game sorts the candidates (by ``sort_key``, or by their own order when
        none is given) before drawing an index, so the pick does not depend on the
        order in which the caller listed them.
        """
        if not items:
            raise ValueError(f"cannot draw from an empty list (stream {key!r})")
        ordered = sorted(items, key=sort_key) if sort_key is not None else list(items)
        return ordered[math.floor(first_draw(self.seed_for(key)) * len(ordered))]

    def shuffle(self, key: str, items: MutableSequence[Any]) -> None:
        """``pseudoshuffle``: the game's Fisher-Yates shuffle, in place."""
        gen = self._gen
        gen.seed(self.seed_for(key))
        for i in range(len(items) - 1, 0, -1):
            j = gen.choice_index(i + 1)
            items[i], items[j] = items[j], items[i]


def stream_key(*parts: Hashable) -> str:
    """Join the parts of a stream key the way the game concatenates them (``"nr" .. ante``)."""
    return "".join(str(p) for p in parts)

"""Saves read by orjson (``pip install balatro-ecs[fast]``) where it is installed: what is
read, and what is refused with which message, is what the standard library's ``json`` path
gives (:func:`balatro_ecs.game.run.save._strict_loads`). Writing is ``json``'s either way,
so the text is the same byte for byte.

Run with and without orjson's path (``save._FAST``) on every save of the validation fuzz's
seeded games, texts the fast path must hand back to ``json`` (a repeated key, ``NaN``, a
number ``json`` writes otherwise, a tagged float, a lone surrogate, ...), and corruptions.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.run import save
from balatro_ecs.kernel.errors import SaveError

from .test_save_validation import EXAMPLES, PLUGINS, _corrupt, base_saves

orjson = pytest.importorskip("orjson")


@contextlib.contextmanager
def _fast(on: bool) -> Iterator[None]:
    was = save._FAST[0]
    save._FAST[0] = on
    try:
        yield
    finally:
        save._FAST[0] = was


def _read(text: str, fast: bool) -> tuple[str, str]:
    """``_strict_loads(text)`` as JSON text (NaN compares unequal to itself), or the error."""
    with _fast(fast):
        try:
            return "read", json.dumps(save._strict_loads(text))
        except (ValueError, RecursionError) as err:
            return "refused", f"{type(err).__name__}: {err}"


def _load(text: str, fast: bool) -> tuple[str, str]:
    with _fast(fast):
        try:
            game = Game.from_json(text, PLUGINS)
        except SaveError as err:
            return "refused", str(err)
        try:
            return "loaded", game.to_json()
        finally:
            game.close()


def test_orjson_reads_saves_when_installed() -> None:
    text = base_saves()[0]
    assert save._FAST[0] is True
    value = save._fast_loads(text)
    assert value is not save._NOT_FAST
    assert value == json.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"a":1,"b":[1,2.5,null,true,false,"x"]}',
        '{"a":1,"a":2}',  # a repeated key: refused by json, read by orjson
        '{"a":{"b":1,"b":1}}',
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":-Infinity}',
        '{"a":1e400}',  # past the float range
        '{"a":1e-05}',  # json's text for the float, not orjson's
        '{"a":0.00001}',
        '{"a":1e+16}',
        '{"a":1e16}',
        '{"a":1E5}',
        '{"a":-0.0}',
        '{"a":-0}',
        '{"a":1.0}',
        '{"a":100000000000000000000000000000}',  # past 64 bits
        '{"a":18446744073709551615}',
        '{"a":-9223372036854775809}',
        '{"a":{"float":"inf"}}',  # tagged floats, read back by json's hook
        '{"a":[{"float":"-inf"},{"float":"nan"}]}',
        '{"a":{"float":"other"}}',
        '{"a":{"float":"inf","b":1}}',
        '{"a":"\\ud800"}',  # a lone surrogate, escaped
        '{"a":"\ud800"}',  # and as it is in the text
        '{"a":"\\u00e9"}',  # an escape json would not write
        '{"a":"é\\n\\t\\u0000"}',
        '{"a": 1}',  # spaced out
        '{"a":1} ',
        '{"a":1}x',
        '{"a":1',
        "",
        "[" * 5000 + "]" * 5000,  # nested too deeply
        '{"a":"\\x"}',
        '{"a":01}',
        "1",
        '"text"',
    ],
)
def test_tricky_texts_are_read_or_refused_as_json_does(text: str) -> None:
    assert _read(text, True) == _read(text, False)


def test_seeded_saves_load_alike() -> None:
    for text in base_saves():
        got = _load(text, True)
        assert got == _load(text, False)
        assert got == ("loaded", text)


def _other_layouts(text: str) -> list[str]:
    data = json.loads(text)
    return [
        json.dumps(data, indent=1),
        json.dumps(data, separators=(",", ":")),  # ensure_ascii: escapes json would not write
        text.replace('"seed":', '"seed":"x","seed":', 1),
        text.replace('"free_packs":false', '"free_packs":false,"free_packs":true', 1),
        text.replace('"dollars":', '"dollars":1e1,"dollars":', 1),
        text.replace('"joker_rate":20.0', '"joker_rate":2e1', 1),
        text.replace('"joker_rate":20.0', '"joker_rate":Infinity', 1),
        text.replace('"joker_rate":20.0', '"joker_rate":{"float":"inf"}', 1),
        text.replace('"probability":1.0', '"probability":{"float":"inf"}', 1),
        text.replace('"probability":1.0', '"probability":NaN', 1),
        text.replace('"serial":', '"serial":100000000000000000000000000000,"serial":', 1),
    ]


def test_other_layouts_and_corruptions_load_or_are_refused_alike() -> None:
    saves = base_saves()
    for text in saves[:4]:
        for changed in _other_layouts(text):
            assert _read(changed, True) == _read(changed, False)
            assert _load(changed, True) == _load(changed, False)
    rnd = random.Random(20261127)
    for _ in range(max(EXAMPLES // 4, 20)):
        text, what = _corrupt(rnd.choice(saves), rnd)
        compact = text
        with contextlib.suppress(ValueError, RecursionError):  # not JSON: as corrupted
            compact = json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)
        for changed in (text, compact):
            assert _read(changed, True) == _read(changed, False), what
            assert _load(changed, True) == _load(changed, False), what


def test_the_games_own_floats_are_read_alike() -> None:
    """Numbers at the edges of how orjson and json write floats, in a save's fields."""
    text = base_saves()[0]
    values: list[Any] = [1e-05, 2.5e-07, 1e16, 1.7976931348623157e308, 5e-324, 0.1, 123.456]
    for value in values:
        changed = text.replace('"joker_rate":20.0', f'"joker_rate":{json.dumps(value)}', 1)
        assert _read(changed, True) == _read(changed, False)
        assert _load(changed, True) == _load(changed, False)

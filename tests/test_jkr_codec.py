"""The text and compression of the game's save files: a strict parser of Lua table
constructors (read as data, never run) and a writer the game's loader reads."""

from __future__ import annotations

import math
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from balatro_ecs.game.run.jkr import luatable
from balatro_ecs.kernel.errors import SaveError

SAVES = Path(__file__).parent / "data" / "saves"
FILES = sorted(SAVES.glob("*.jkr"))


def _deflate(raw: bytes) -> bytes:
    deflater = zlib.compressobj(1, zlib.DEFLATED, -15)
    return deflater.compress(raw) + deflater.flush()


# -- values of the save's text ---------------------------------------------------------------

_KEY_TEXT = st.text(min_size=1, max_size=12)
_FLOATS = st.floats(allow_nan=False, allow_infinity=True)
_SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),
    _FLOATS,
    st.text(max_size=20),
)


def _tables(children: st.SearchStrategy) -> st.SearchStrategy:
    lists = st.lists(children, min_size=1, max_size=5)
    by_name = st.dictionaries(_KEY_TEXT, children, max_size=5)
    # integer keys that are not exactly 1..n stay a dict (a list has keys 1..n)
    sparse = st.dictionaries(
        st.integers(min_value=2, max_value=50), children, min_size=1, max_size=4
    )
    return st.one_of(lists, by_name, sparse)


VALUES = st.recursive(_SCALARS, _tables, max_leaves=25)


def _same(a: object, b: object) -> bool:
    """Equal values, floats by value (an integral float reads back as an int)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return a == b


@settings(max_examples=200, deadline=None)
@given(VALUES)
def test_what_is_written_reads_back_the_same(value: object) -> None:
    text = luatable.write(value)  # type: ignore[arg-type]
    assert text.startswith("return ")
    assert _same(luatable.parse(text), value)
    assert _same(luatable.loads(luatable.dumps(value)), value)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_every_string_survives_the_quotes(text: str) -> None:
    assert luatable.parse(luatable.write({"s": text})) == {"s": text}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_text_either_reads_or_is_refused_with_a_save_error(text: str) -> None:
    try:
        luatable.parse("return {" + text + "}")
    except SaveError as err:
        assert "\n" not in str(err)


def test_numbers_as_lua_writes_them() -> None:
    value = luatable.parse("return {1e+15, -0.5, 12, 0x1F, .5, 3.0, inf, -inf, nan, 0/0}")
    assert isinstance(value, list)
    assert value[:6] == [1e15, -0.5, 12, 31, 0.5, 3.0]
    assert value[6] == math.inf and value[7] == -math.inf
    assert math.isnan(value[8]) and math.isnan(value[9])
    assert luatable.write(1e15) == "return 1000000000000000"
    assert luatable.write(math.inf) == "return 1e309"  # what Lua reads as an infinity


def test_escapes_as_percent_q_writes_them() -> None:
    text = 'a "quoted"\\ line\nbreak\r\x00end'
    written = luatable.write(text)
    assert written == 'return "a \\"quoted\\"\\\\ line\\\nbreak\\r\\0end"'
    assert luatable.parse(written) == text
    assert luatable.parse(r'return "\65\066\x43\u{263A}\z   !"') == "ABC\u263a!"


def test_tables_keys_and_lists() -> None:
    assert luatable.parse('return {["a"]=1,[1]=2}') == {"a": 1, 1: 2}
    assert luatable.parse("return {[2]=1,[1]=2}") == [2, 1]
    assert luatable.parse("return {x=1; 'y'}") == {"x": 1, 1: "y"}
    assert luatable.parse("return {}") == {}
    assert luatable.write({"a": None, "b": 1}) == 'return {["b"]=1,}'  # nil: no entry


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("return {", "expected a value"),
        ("return {a}", "'a' is not data"),
        ("return {os.exit()}", "unexpected '.'"),
        ('return {f"x"}', "'f' is not data"),
        ("return {[{}]=1}", "a table as a key"),
        ("return nil", "nil is not a value"),
        ("return {1,[1]=2}", "key 1 given twice"),
        ("x = 1", "does not start with 'return'"),
        (r'return {"\q"}', "unknown escape"),
        (r'return {"\300"}', "out of range"),
        (r'return {"\200"}', "not UTF-8"),
        ("return {[[long]]}", "long strings"),
        ("return {1} 2", "text after the value"),
        ("return {1 2}", "expected ',' or '}'"),
        ("return " + "{" * 80 + "}" * 80, "nested more than"),
    ],
)
def test_what_is_not_data_is_refused_naming_the_problem(text: str, problem: str) -> None:
    with pytest.raises(SaveError, match=r"save\.jkr") as err:
        luatable.parse(text)
    assert problem in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "empty"),
        (b'{"format": "balatro_ecs.save/1"}', "not raw DEFLATE"),
        (zlib.compress(b"return {}"), "not raw DEFLATE"),
        (luatable.compress("return {}")[:-2], "cut short"),
        (luatable.compress("return {}") + b"junk", "after the compressed data"),
        (_deflate(b"return {'\xff'}"), "not UTF-8"),
    ],
)
def test_files_that_are_not_saves_are_refused(data: bytes, problem: str) -> None:
    with pytest.raises(SaveError, match=problem):
        luatable.loads(data)


def test_a_decompression_bomb_stops_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(luatable, "MAX_TEXT", 1000)
    with pytest.raises(SaveError, match="longer than 1000"):
        luatable.loads(luatable.compress("return {" + "1," * 5000 + "}"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_games_files_read_and_compress_back_to_the_same_bytes(path: Path) -> None:
    data = path.read_bytes()
    text = luatable.decompress(data)
    assert luatable.compress(text) == data  # the game's own call, the same stream
    value = luatable.parse(text)
    assert isinstance(value, dict) and value["VERSION"] == "1.0.1o-FULL"
    assert luatable.parse(luatable.write(value)) == value

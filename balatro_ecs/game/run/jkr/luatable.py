"""The text and compression of the game's own save files (``save.jkr``), read as data.

Balatro 1.0.1o writes its run as one Lua expression, ``return {...}``, a table
constructor of nested tables, numbers, strings and booleans, and compresses it with raw
DEFLATE (no zlib or gzip header). This module reads and writes that form without ever
running it:

* :func:`parse` reads the text with a small, strict recursive-descent parser: table
  constructors (``[key]=value``, ``name=value`` and positional fields), numbers as Lua
  writes them (``12``, ``-0.5``, ``1e+15``, ``0x1F``; ``inf``/``nan`` as the game's
  ``tostring`` writes an infinity), ``%q``-quoted strings with every Lua escape,
  ``true``/``false``. Anything else -- a name, a call, an operator, ``nil``, a key
  given twice, text nested deeper than :data:`MAX_DEPTH` -- is refused with a
  :class:`~balatro_ecs.errors.SaveError` naming the problem and where it is.
* :func:`write` writes a value back as the game's loader accepts it (``[key]=value,``
  entries, strings quoted as ``%q`` quotes them, numbers exactly: an integral one as an
  integer, any other by its shortest exact form).
* :func:`decompress` / :func:`compress` are the raw DEFLATE of the file
  (``zlib.compressobj(1, zlib.DEFLATED, -15)``, the game's call), and :func:`loads` /
  :func:`dumps` do both steps.

A table whose keys are exactly ``1..n`` (n >= 1) is read as a list; any other table as a
dict with string and number keys. :func:`write` writes a list with keys ``1..n``, so
``parse(write(value)) == value`` for every value made of those parts (floats compared
by value; an empty table reads as ``{}``).

>>> parse('return {["a"]=1,["b"]={[1]="x",[2]=true,},}')
{'a': 1, 'b': ['x', True]}
>>> write({"a": 1.5, "list": [1, 2]})
'return {["a"]=1.5,["list"]={[1]=1,[2]=2,},}'
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Union

from ....kernel.errors import SaveError

__all__ = [
    "MAX_DEPTH",
    "MAX_TEXT",
    "LuaValue",
    "compress",
    "decompress",
    "dumps",
    "loads",
    "parse",
    "write",
]

#: A value of the save's text: a table (a list or a dict), a number, a string or a boolean.
LuaValue = Union[dict[Any, Any], list[Any], int, float, str, bool]  # noqa: UP007 (a runtime alias)

#: The deepest nesting of tables read (the game's save nests about eight deep).
MAX_DEPTH = 64
#: The longest text read, in characters (the game's saves are about 60,000).
MAX_TEXT = 32 * 1024 * 1024

_WHAT = "save.jkr"

# -- compression ---------------------------------------------------------------------------


def decompress(data: bytes) -> str:
    """The text of a save file: raw DEFLATE inflated and read as UTF-8.

    :raises SaveError: not raw DEFLATE data, a stream cut short or followed by other
        bytes, text longer than :data:`MAX_TEXT`, or text that is not UTF-8.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveError(f"{_WHAT}: expected bytes, got {type(data).__name__}")
    raw = bytes(data)
    if not raw:
        raise SaveError(f"{_WHAT}: the file is empty")
    inflater = zlib.decompressobj(-15)
    try:
        text = inflater.decompress(raw, MAX_TEXT + 1)
    except zlib.error as err:
        raise SaveError(f"{_WHAT}: not a Balatro save (not raw DEFLATE data: {err})") from None
    if len(text) > MAX_TEXT:
        raise SaveError(f"{_WHAT}: the text is longer than {MAX_TEXT} bytes")
    if not inflater.eof:
        raise SaveError(f"{_WHAT}: not a Balatro save (the compressed data is cut short)")
    if inflater.unused_data:
        raise SaveError(
            f"{_WHAT}: not a Balatro save ({len(inflater.unused_data)} bytes after the "
            "compressed data)"
        )
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SaveError(f"{_WHAT}: the text is not UTF-8 (byte {err.start})") from None


def compress(text: str) -> bytes:
    """``text`` as the game compresses its save: raw DEFLATE at level 1."""
    deflater = zlib.compressobj(1, zlib.DEFLATED, -15)
    return deflater.compress(text.encode("utf-8")) + deflater.flush()


def loads(data: bytes) -> LuaValue:
    """The value a save file holds: :func:`decompress`, then :func:`parse`.

    :raises SaveError: see both.
    """
    return parse(decompress(data))


def dumps(value: LuaValue) -> bytes:
    """A save file holding ``value``: :func:`write`, then :func:`compress`."""
    return compress(write(value))


# -- reading -------------------------------------------------------------------------------

#: The tokens of the text, one alternative each (whitespace and ``--`` line comments are
#: skipped; anything that matches none of them is an error).
_TOKEN = re.compile(
    r"""(?P<space>(?:\s+|--(?!\[=*\[)[^\n]*)+)
    |(?P<long>--\[=*\[|\[=*\[)
    |(?P<punct>[{}\[\]=,;])
    |(?P<nan>0/0)
    |(?P<string>"(?:[^"\\\n]|\\(?:\r\n|[\s\S]))*"|'(?:[^'\\\n]|\\(?:\r\n|[\s\S]))*')
    |(?P<number>(?:0[xX][0-9a-fA-F]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)(?![0-9A-Za-z_.]))
    |(?P<name>[A-Za-z_][A-Za-z0-9_]*)
    |(?P<op>-)
    """,
    re.VERBOSE,
)
#: The words read as numbers: what the game's ``tostring`` writes for an infinity or a NaN.
_SPECIAL = {"inf": math.inf, "nan": math.nan}
_ESCAPES = {
    "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
    "\\": "\\", '"': '"', "'": "'", "\n": "\n",
}  # fmt: skip
_ESCAPE = re.compile(
    r"\\(?:([0-9]{1,3})|x([0-9a-fA-F]{2})|z\s*|u\{([0-9a-fA-F]{1,8})\}|\r\n?|(.)|$)", re.S
)

_END = ("end", None, -1)


class _Reader:
    """The tokens of one text, read left to right into a value."""

    __slots__ = ("depth", "i", "text", "tokens")

    def __init__(self, text: str) -> None:
        self.text = text
        self.depth = 0
        self.i = 0
        tokens: list[tuple[str, str, int]] = []
        append = tokens.append
        pos, size = 0, len(text)
        match = _TOKEN.match
        while pos < size:
            found = match(text, pos)
            if found is None:
                raise self.fail(f"unexpected {text[pos]!r}", pos)
            kind = found.lastgroup
            if kind == "long":
                raise self.fail("long strings and comments are not read", pos)
            if kind != "space":
                append((kind, found.group(), pos))  # type: ignore[arg-type]
            pos = found.end()
        append((_END[0], "", size))
        self.tokens = tokens

    def fail(self, problem: str, at: int | None = None) -> SaveError:
        pos = self.tokens[self.i][2] if at is None else at
        text = self.text
        line = text.count("\n", 0, pos) + 1
        column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        near = text[pos : pos + 20]
        shown = f", near {near!r}" if near else ", at the end"
        return SaveError(f"{_WHAT}: {problem} at line {line}, column {column}{shown}")

    def value(self) -> LuaValue:
        kind, token, at = self.tokens[self.i]
        self.i += 1
        if kind == "punct" and token == "{":
            return self.table()
        if kind == "string":
            return _unquote(token, self, at)
        if kind == "number":
            return _number(token)
        if kind == "name":
            if token == "true" or token == "false":
                return token == "true"
            if token in _SPECIAL:
                return _SPECIAL[token]
            self.i -= 1
            if token == "nil":
                raise self.fail("nil is not a value a save holds")
            raise self.fail(f"{token!r} is not data (a name, keyword or call)")
        if kind == "nan":
            return math.nan
        if kind == "op":
            following, word, _ = self.tokens[self.i]
            if following == "number" or (following == "name" and word in _SPECIAL):
                return -self.value()  # type: ignore[operator]
            raise self.fail("expected a number after '-'")
        self.i -= 1
        if kind == "end":
            raise self.fail("expected a value")
        raise self.fail(f"unexpected {token!r}")

    def table(self) -> dict[Any, Any] | list[Any]:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.i -= 1
            raise self.fail(f"tables nested more than {MAX_DEPTH} deep")
        tokens = self.tokens
        out: dict[Any, Any] = {}
        positional = 0
        while True:
            kind, token, at = tokens[self.i]
            if kind == "punct" and token == "}":
                self.i += 1
                break
            key: Any
            if kind == "punct" and token == "[":
                self.i += 1
                key = self.value()
                if isinstance(key, (dict, list)):
                    raise self.fail("a table as a key", at)
                if isinstance(key, float) and key != key:
                    raise self.fail("NaN as a key", at)
                if isinstance(key, float) and key.is_integer():
                    key = int(key)
                self.expect("]")
                self.expect("=")
            elif kind == "name" and tokens[self.i + 1][1] == "=" and token not in _KEYWORDS:
                key = token
                self.i += 2
            else:
                positional += 1
                key = positional
            if key in out:
                raise self.fail(f"key {key!r} given twice", at)
            out[key] = self.value()
            kind, token, _ = tokens[self.i]
            if kind == "punct" and (token == "," or token == ";"):
                self.i += 1
            elif not (kind == "punct" and token == "}"):
                raise self.fail("expected ',' or '}' after a table entry")
        self.depth -= 1
        if out and _is_list(out):
            if _in_order(out):
                return list(out.values())
            return [out[i] for i in range(1, len(out) + 1)]
        return out

    def expect(self, wanted: str) -> None:
        kind, token, _ = self.tokens[self.i]
        if kind != "punct" or token != wanted:
            raise self.fail(f"expected {wanted!r}")
        self.i += 1


_KEYWORDS = frozenset(
    ("and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
     "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while")
)  # fmt: skip


def _is_list(table: dict[Any, Any]) -> bool:
    """Whether a table's keys are exactly ``1..n``."""
    n = len(table)
    return all(type(k) is int and 1 <= k <= n for k in table)


def _in_order(table: dict[Any, Any]) -> bool:
    return all(k == i for i, k in enumerate(table, start=1))


def _unquote(token: str, reader: _Reader, at: int) -> str:
    """A quoted string's text, its escapes read as Lua reads them."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    raw = bytearray()
    pos = 0
    for found in _ESCAPE.finditer(body):
        raw += body[pos : found.start()].encode("utf-8")
        pos = found.end()
        digits, hex_pair, point, simple = found.groups()
        if digits is not None:
            code = int(digits)
            if code > 255:
                raise reader.fail(f"escape '\\{digits}' is out of range", at)
            raw.append(code)
        elif hex_pair is not None:
            raw.append(int(hex_pair, 16))
        elif point is not None:
            code = int(point, 16)
            if code > 0x10FFFF:
                raise reader.fail(f"escape '\\u{{{point}}}' is out of range", at)
            raw += chr(code).encode("utf-8", "surrogatepass")
        elif found.group().startswith("\\z"):
            pass
        elif found.group().startswith("\\\r"):
            raw += b"\n"
        elif simple is not None and simple in _ESCAPES:
            raw += _ESCAPES[simple].encode("utf-8")
        elif simple is not None and simple.isdigit():  # (never: digits above)
            raw.append(int(simple))
        else:
            shown = simple if simple is not None else ""
            if shown == "x":
                raise reader.fail("escape '\\x' needs two hexadecimal digits", at)
            if shown == "u":
                raise reader.fail("escape '\\u' needs {XXX}, a code point", at)
            raise reader.fail(f"unknown escape '\\{shown}'", at)
    raw += body[pos:].encode("utf-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise reader.fail(f"a string's bytes are not UTF-8 (byte {err.start})", at) from None


def _number(literal: str) -> int | float:
    if literal[:2] in ("0x", "0X"):
        return int(literal, 16)
    if "." in literal or "e" in literal or "E" in literal:
        return float(literal)
    return int(literal)


def parse(text: str) -> LuaValue:
    """The value of a save's text: ``return`` and one value (a table, for the game's saves).

    :raises SaveError: text that is not such an expression of data, naming the problem
        with its line and column.
    """
    if not isinstance(text, str):
        raise SaveError(f"{_WHAT}: expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise SaveError(f"{_WHAT}: the text is longer than {MAX_TEXT} characters")
    stripped = text.lstrip()
    if not (stripped.startswith("return") and not stripped[6:7].isalnum()):
        raise SaveError(
            f"{_WHAT}: not a Balatro save (the text does not start with 'return'; "
            f"it starts {text[:20]!r})"
        )
    reader = _Reader(text)
    kind, token, _ = reader.tokens[0]
    assert kind == "name" and token == "return"
    reader.i = 1
    try:
        value = reader.value()
    except RecursionError:
        raise reader.fail("tables nested too deeply") from None
    if reader.tokens[reader.i][0] != "end":
        raise reader.fail("text after the value")
    return value


# -- writing -------------------------------------------------------------------------------

#: The largest integer written as one (beyond it a double no longer holds every integer).
_EXACT = 2**53


def _quote(text: str) -> str:
    """``text`` as ``string.format("%q", text)`` quotes it: backslash, quote and line break
    escaped (the line break as a backslash and a line break), CR as ``\\r``, NUL as
    ``\\0`` (``\\000`` before a digit); every other character as it is."""
    if not _NEEDS_ESCAPE.search(text):
        return f'"{text}"'
    out = ['"']
    for i, char in enumerate(text):
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\0":
            following = text[i + 1 : i + 2]
            out.append("\\000" if following.isdigit() else "\\0")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


_NEEDS_ESCAPE = re.compile(r'["\\\n\r\0]')


def _write_number(value: int | float) -> str:
    if isinstance(value, bool):
        raise SaveError(f"{_WHAT}: a boolean is not a number")
    if isinstance(value, int):
        return str(value)
    if value != value:
        return "0/0"  # the game's loader reads it as a NaN (never written by the game)
    if value in (math.inf, -math.inf):
        return "1e309" if value > 0 else "-1e309"  # read as an infinity by Lua
    if value.is_integer() and abs(value) < _EXACT:
        return str(int(value))
    return repr(value)


def _write_key(key: Any) -> str:
    if type(key) is str:
        return "[" + _quote(key) + "]"
    if isinstance(key, (int, float)) and not isinstance(key, bool):
        if isinstance(key, float) and not math.isfinite(key):
            raise SaveError(f"{_WHAT}: cannot write the key {key!r}")
        return "[" + _write_number(key) + "]"
    raise SaveError(f"{_WHAT}: cannot write a key of type {type(key).__name__}")


def _write(value: Any, out: list[str], depth: int) -> None:
    if depth > MAX_DEPTH:
        raise SaveError(f"{_WHAT}: tables nested more than {MAX_DEPTH} deep")
    kind = type(value)
    if kind is str:
        out.append(_quote(value))
    elif kind is bool:
        out.append("true" if value else "false")
    elif kind is int or kind is float:
        out.append(_write_number(value))
    elif isinstance(value, Mapping):
        out.append("{")
        for key, item in value.items():
            if item is None:  # nil: the key is not in the table
                continue
            out.append(_write_key(key))
            out.append("=")
            _write(item, out, depth + 1)
            out.append(",")
        out.append("}")
    elif isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray)):
        out.append("{")
        for i, item in enumerate(value, start=1):
            out.append(f"[{i}]=")
            _write(item, out, depth + 1)
            out.append(",")
        out.append("}")
    elif isinstance(value, (int, float)):  # an int or float subclass (an IntEnum member)
        out.append(_write_number(int(value) if isinstance(value, int) else float(value)))
    else:
        raise SaveError(f"{_WHAT}: cannot write a value of type {kind.__name__}")


def write(value: LuaValue) -> str:
    """``value`` as the text of a save: ``return {...}`` (see the module's notes).

    :raises SaveError: a value that is not a table, number, string or boolean, a key that
        is not a string or a finite number, or nesting deeper than :data:`MAX_DEPTH`.
    """
    out = ["return "]
    _write(value, out, 0)
    return "".join(out)

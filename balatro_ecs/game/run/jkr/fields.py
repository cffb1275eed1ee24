"""Reading the game's run table field by field, with one-line errors naming the field.

The table a save holds is untrusted data: every read says what it expects, and a field
that is missing or of the wrong type is a :class:`~balatro_ecs.errors.SaveError` naming
its path in the table (``GAME.round_resets.ante``) and what was found there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....kernel.errors import SaveError

__all__ = ["At"]

_MISSING = object()


def _shown(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return "a table"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    return "table"


class At:
    """A table of the save and its path, with typed reads of its fields.

    >>> game = At({"dollars": 4, "round_resets": {"ante": 1}}, "GAME")
    >>> game.whole("dollars"), game.table("round_resets").whole("ante")
    (4, 1)
    """

    __slots__ = ("path", "value")

    def __init__(self, value: Any, path: str) -> None:
        if isinstance(value, list):  # a table with keys 1..n, read as a list
            value = dict(enumerate(value, start=1))
        if not isinstance(value, dict):
            raise SaveError(f"save.jkr: {path}: expected a table, got {_shown(value)}")
        self.value: dict[Any, Any] = value
        self.path = path

    def where(self, key: Any) -> str:
        """The path of a field of this table."""
        return f"{self.path}.{key}" if isinstance(key, str) else f"{self.path}[{key}]"

    def fail(self, key: Any, problem: str) -> SaveError:
        """An error about a field of this table."""
        return SaveError(f"save.jkr: {self.where(key)}: {problem}")

    def has(self, key: Any) -> bool:
        return key in self.value

    def raw(self, key: Any, default: Any = _MISSING) -> Any:
        """A field as it is (``default`` when missing; an error when there is none)."""
        value = self.value.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                raise self.fail(key, "missing")
            return default
        return value

    def _typed(self, key: Any, default: Any, ok: Any, what: str) -> Any:
        value = self.raw(key, default)
        if value is default and default is not _MISSING:
            return value
        if not ok(value):
            raise self.fail(key, f"expected {what}, got {_shown(value)}")
        return value

    def number(self, key: Any, default: Any = _MISSING) -> float | int:
        """A number (int or float; not a boolean)."""
        return self._typed(  # type: ignore[no-any-return]
            key, default, lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
            "a number",
        )  # fmt: skip

    def whole(self, key: Any, default: Any = _MISSING) -> int:
        """A whole number (``3`` or ``3.0``), as an int."""
        value = self.number(key, default)
        if value is default and default is not _MISSING:
            return value  # type: ignore[no-any-return]
        if isinstance(value, float):
            if not value.is_integer():
                raise self.fail(key, f"expected a whole number, got {_shown(value)}")
            return int(value)
        return value

    def text(self, key: Any, default: Any = _MISSING) -> str:
        """A string."""
        return self._typed(key, default, lambda v: isinstance(v, str), "a string")  # type: ignore[no-any-return]

    def flag(self, key: Any, default: Any = _MISSING) -> bool:
        """A boolean (``nil``, i.e. missing, is ``default``)."""
        return self._typed(key, default, lambda v: isinstance(v, bool), "true or false")  # type: ignore[no-any-return]

    def table(self, key: Any, default: Any = _MISSING) -> At:
        """A nested table (an empty one when missing and ``default`` is ``{}``)."""
        value = self.raw(key, default)
        return At(value, self.where(key))

    def rows(self, key: Any) -> list[At]:
        """A list of tables (keys 1..n), each with its path; missing: none."""
        value = self.raw(key, {})
        where = self.where(key)
        if isinstance(value, dict) and not value:
            return []
        if not isinstance(value, list):
            raise SaveError(f"save.jkr: {where}: expected a list of tables, got {_shown(value)}")
        return [At(item, f"{where}[{i}]") for i, item in enumerate(value, start=1)]

    def items(self) -> list[tuple[Any, Any]]:
        """The table's fields, keys sorted (strings before numbers)."""
        return sorted(self.value.items(), key=lambda kv: (not isinstance(kv[0], str), str(kv[0])))

    def names(self, key: Any) -> list[str]:
        """The keys of a set-like table (``{["v_hone"]=true, ...}``) whose value is true,
        in the text's order (the game writes its tables in no particular order)."""
        table = self.table(key, {})
        out = []
        for name, value in table.value.items():
            if not isinstance(name, str):
                raise table.fail(name, "expected a name as the key")
            if value is True:
                out.append(name)
            elif value is not False:
                raise table.fail(name, f"expected true or false, got {_shown(value)}")
        return out


def check_kind(value: Any, kinds: tuple[type, ...], where: str) -> None:
    """Raise naming ``where`` unless ``value`` is one of ``kinds``."""
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise SaveError(f"save.jkr: {where}: unexpected {_kind(value)} {_shown(value)}")


def plain(value: Any) -> Any:
    """A deep copy of a value of the table (tables as dicts and lists)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def mapping(value: Any) -> Mapping[Any, Any]:
    """A table as a mapping (a list as ``{1: ..., 2: ...}``)."""
    if isinstance(value, list):
        return dict(enumerate(value, start=1))
    if isinstance(value, dict):
        return value
    return {}

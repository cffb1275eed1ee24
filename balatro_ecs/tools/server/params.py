"""Checking a method's parameters against its declared types, as the mod's validator does.

Each method declares its parameters (:class:`Param`): a name, one of the types
``integer``, ``string``, ``boolean`` or ``array`` (of integers), and whether it is
required. :func:`check_params` goes through them in declaration order and raises
:class:`~balatro_ecs.tools.server.errors.RpcError` (``BAD_REQUEST``) for the first that is
missing or of the wrong type, with the mod's messages (``Missing required field
'cards'``, ``Field 'card' must be an integer``). Ranges, counts and what the values
mean are the method's own checks, made after the state's. A JSON ``null`` counts as
absent (the mod's JSON reader drops it); an integral float (``2.0``) is an integer, as
in Lua; parameters no method declares are ignored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BAD_REQUEST, RpcError

__all__ = ["TYPES", "Param", "check_params"]

#: The parameter types the mod's validator knows.
TYPES = ("integer", "string", "boolean", "array")


@dataclass(frozen=True)
class Param:
    """One declared parameter of a method."""

    name: str
    type: str
    description: str
    required: bool = False

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"Param {self.name!r}: type must be one of {TYPES}, got {self.type!r}")


def _integer(value: object) -> int | None:
    """``value`` as an int when it is a whole number (not a bool), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def _check(param: Param, value: object) -> object:
    name = param.name
    if param.type == "integer":
        number = _integer(value)
        if number is None:
            raise RpcError(BAD_REQUEST, f"Field '{name}' must be an integer")
        return number
    if param.type == "array":
        if not isinstance(value, list):
            raise RpcError(BAD_REQUEST, f"Field '{name}' must be an array")
        items = []
        for index, item in enumerate(value):
            number = _integer(item)
            if number is None:
                raise RpcError(
                    BAD_REQUEST,
                    f"Field '{name}' array item at index {index} must be of type integer",
                )
            items.append(number)
        return items
    wanted = str if param.type == "string" else bool
    if not isinstance(value, wanted):
        raise RpcError(BAD_REQUEST, f"Field '{name}' must be of type {param.type}")
    return value


def check_params(params: object, declared: tuple[Param, ...]) -> dict[str, Any]:
    """The declared parameters present in ``params``, checked and normalised (whole
    floats to ints); raises ``BAD_REQUEST`` for the first one missing or mistyped."""
    if params is None or params == []:
        params = {}  # no params, or an empty list (which Lua cannot tell from {})
    if not isinstance(params, Mapping):
        raise RpcError(BAD_REQUEST, "Arguments must be a table")
    out: dict[str, Any] = {}
    for param in declared:
        value = params.get(param.name)
        if value is None:
            if param.required:
                raise RpcError(BAD_REQUEST, f"Missing required field '{param.name}'")
            continue
        out[param.name] = _check(param, value)
    return out

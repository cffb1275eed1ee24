"""Checking plain data (scenarios, saves) field by field.

Each check raises the error class it is given (:class:`~balatro_ecs.kernel.errors.ScenarioError`,
:class:`~balatro_ecs.kernel.errors.SaveError`) with one line naming the field by its path and the
value: ``jokers[1].state.mult: expected a finite number, got nan``. A value in a message is
shown short and safely (:func:`show`): a deep, long or huge value is cut, never printed
whole. A joker's counters are checked against what its type starts with
(:func:`joker_state_template`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from ..kernel.content import JokerType, thawed
from ..kernel.errors import BalatroError, UnknownNameError, show
from ..kernel.quantities import MAX_INT as _MAX_INT

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_TEXT",
    "check_keys",
    "check_like",
    "check_state",
    "flag",
    "joker_state_template",
    "number",
    "plain",
    "show",
    "text",
    "whole",
]

#: The largest whole number accepted anywhere (every int up to it is exact as a float).
MAX_INT = _MAX_INT  # (the kernel's: balatro_ecs.kernel.quantities)
#: The longest name or text accepted.
MAX_TEXT = 200
#: How deep free-form data (a blind's memory, a counter nobody declares) may nest.
MAX_DEPTH = 32

Error = type[BalatroError]


def whole(
    value: object,
    where: str,
    error: Error,
    minimum: int | None = 0,
    maximum: int = MAX_INT,
) -> int:
    """``value`` if it is a whole number (not a bool) in ``minimum..maximum``
    (``minimum=None``: ``-MAX_INT``)."""
    low = -MAX_INT if minimum is None else minimum
    if type(value) is int and low <= value <= maximum:
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{where}: expected a whole number, got {show(value)}")
    if value < low:
        raise error(f"{where}: must be at least {low}, got {show(value)}")
    raise error(f"{where}: must be at most {maximum}, got {show(value)}")


def number(
    value: object,
    where: str,
    error: Error,
    minimum: float | None = None,
    infinite: bool = False,
) -> float:
    """``value`` if it is a number (int or float, not a bool): finite unless ``infinite``,
    never NaN, at least ``minimum``, and an int within ``MAX_INT``."""
    kind = type(value)
    if kind is float:
        number_ = float(value)  # type: ignore[arg-type]
        if number_ != number_:
            raise error(f"{where}: expected a {'' if infinite else 'finite '}number, got nan")
        if not infinite and number_ in (math.inf, -math.inf):
            raise error(f"{where}: expected a finite number, got {number_!r}")
    elif kind is int or (isinstance(value, int) and not isinstance(value, bool)):
        number_ = value  # type: ignore[assignment]
        if not -MAX_INT <= number_ <= MAX_INT:
            raise error(f"{where}: must be within -{MAX_INT}..{MAX_INT}, got {show(value)}")
    elif isinstance(value, float):
        return number(float(value), where, error, minimum, infinite)
    else:
        raise error(f"{where}: expected a number, got {show(value)}")
    if minimum is not None and number_ < minimum:
        raise error(f"{where}: must be at least {minimum}, got {show(value)}")
    return number_


def text(value: object, where: str, error: Error, empty: bool = True) -> str:
    """``value`` if it is a string of at most ``MAX_TEXT`` characters (not empty unless
    ``empty``)."""
    if type(value) is str and (0 if empty else 1) <= len(value) <= MAX_TEXT:
        return value
    if not isinstance(value, str):
        raise error(f"{where}: expected a string, got {show(value)}")
    if not value:
        raise error(f"{where}: expected a non-empty string, got ''")
    raise error(f"{where}: expected at most {MAX_TEXT} characters, got {len(value)}")


def flag(value: object, where: str, error: Error) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if value is True or value is False:
        return value
    raise error(f"{where}: expected true or false, got {show(value)}")


def check_keys(
    data: Mapping[Any, Any], allowed: Iterable[str], kind: str, where: str, error: Error
) -> None:
    """Every key of ``data`` is one of ``allowed``; the first that is not is named, with
    the closest allowed ones."""
    pool = allowed if isinstance(allowed, (set, frozenset)) else set(allowed)
    if data.keys() <= pool:
        return
    bad = sorted((k for k in data if k not in pool), key=str)[0]
    if not isinstance(bad, str) or len(bad) > MAX_TEXT:
        raise error(f"{where}: unexpected {kind} {show(bad)}")
    found = UnknownNameError(kind, bad, sorted(pool))
    raise error(str(found.at(where)) if where else str(found))


def plain(value: object, where: str, error: Error, depth: int = 0) -> None:
    """``value`` is plain JSON data (objects with string keys, lists, strings, numbers --
    not NaN -- true, false, null) nested at most ``MAX_DEPTH`` deep."""
    if value is None or type(value) in (str, bool):
        if type(value) is str and len(value) > 10_000:
            raise error(f"{where}: a string of {len(value)} characters is too long")
        return
    if type(value) in (int, float):
        if type(value) is int:
            number(value, where, error)
        elif value != value:
            raise error(f"{where}: expected a number, got nan")
        return
    if depth >= MAX_DEPTH:
        raise error(f"{where}: nested more than {MAX_DEPTH} levels deep")
    if type(value) is list:
        for i, item in enumerate(value):
            plain(item, f"{where}[{i}]", error, depth + 1)
        return
    if type(value) is dict:
        for key, item in value.items():
            if not isinstance(key, str):
                raise error(f"{where}: expected string keys, got {show(key)}")
            plain(item, f"{where}.{key}", error, depth + 1)
        return
    raise error(f"{where}: expected plain data, got {show(value)}")


# -- a joker's counters ---------------------------------------------------------------------
#: Counters every joker may hold.
_COMMON_STATE: Mapping[str, Any] = {"hands_played_at_create": 0}
#: Each joker type's template and the keys of it a saved state may lack, by the type's id.
_TEMPLATES: dict[int, tuple[JokerType, dict[str, Any]]] = {}


def joker_state_template(jtype: JokerType) -> dict[str, Any]:
    """Every counter a joker of this type may hold, each with a value of its kind: its
    starting state (:meth:`~balatro_ecs.kernel.content.JokerType.initial_state`, from its
    ``config``), ``hands_played_at_create``, and the counters it sets while it plays
    (:attr:`~balatro_ecs.kernel.content.JokerType.runtime_state`, which a saved state may
    lack)."""
    found = _TEMPLATES.get(id(jtype))
    if found is None or found[0] is not jtype:
        runtime = jtype.runtime_state
        template = {**jtype.initial_state(), **_COMMON_STATE, **thawed(runtime)}
        if len(_TEMPLATES) > 4096:
            _TEMPLATES.clear()
            _REQUIRED.clear()
        found = _TEMPLATES[id(jtype)] = (jtype, template)
        _REQUIRED[id(template)] = (
            template,
            frozenset(template.keys() - _COMMON_STATE - runtime.keys()),
        )
    return found[1]


def check_state(
    template: Mapping[str, Any],
    state: object,
    where: str,
    error: Error,
    *,
    strict: bool,
    depth: int = 0,
) -> None:
    """A joker's (or consumable's) counters against ``template``: each value of the kind
    the template's is (a number for a number -- finite, and not negative where the
    template's is not --, a string for a string, an object checked the same way).

    ``strict`` (a scenario, which overrides some counters): an unknown key is an error.
    Otherwise (a save, which holds them all): every key of the template's that the game
    starts with must be there, and an unknown key may hold any plain data.
    """
    if type(state) is not dict and not isinstance(state, Mapping):
        raise error(f"{where}: expected an object, got {show(state)}")
    get = template.get
    for key, value in state.items():
        model = get(key, _MISSING) if type(key) is str else _MISSING
        kind = type(value)
        # the usual cases, at once: a number that is fine anywhere, a short string
        if kind is int or kind is float:
            if (type(model) is int or type(model) is float) and 0 <= value <= MAX_INT:
                continue
        elif kind is str and type(model) is str and len(value) <= MAX_TEXT:
            continue
        if model is _MISSING:
            if strict:
                check_keys({key: None}, template, "state key", where, error)
            elif not isinstance(key, str):
                raise error(f"{where}: expected string keys, got {show(key)}")
            else:
                plain(value, f"{where}.{key}", error, depth + 1)
            continue
        _check_value(model, value, f"{where}.{key}", error, strict, depth)
    if not strict and not _required(template) <= state.keys():
        for key in template:
            if key not in state and key in _required(template):
                raise error(f"{where}: missing {key!r}")


_MISSING = object()
_REQUIRED: dict[int, tuple[Mapping[str, Any], frozenset[str]]] = {}


def _required(template: Mapping[str, Any]) -> frozenset[str]:
    """The keys of ``template`` that a saved state must hold (kept per template): all but
    the counters the game only sometimes holds (read with a default)."""
    found = _REQUIRED.get(id(template))
    if found is None or found[0] is not template:
        if len(_REQUIRED) > 4096:
            _REQUIRED.clear()
        found = _REQUIRED[id(template)] = (template, frozenset(template.keys() - _COMMON_STATE))
    return found[1]


def check_like(model: object, value: object, where: str, error: Error) -> None:
    """``value`` is of the kind ``model`` is (as :func:`check_state` checks one counter:
    a number for a number, not negative where ``model`` is not, a string for a string, an
    object key by key)."""
    _check_value(model, value, where, error, True, 0)


def _check_value(
    model: object, value: object, where: str, error: Error, strict: bool, depth: int
) -> None:
    if isinstance(model, bool):
        flag(value, where, error)
    elif isinstance(model, (int, float)):
        number(value, where, error, minimum=0 if strict and model >= 0 else None)
    elif isinstance(model, str):
        text(value, where, error)
    elif isinstance(model, Mapping):
        if depth >= MAX_DEPTH:
            raise error(f"{where}: nested more than {MAX_DEPTH} levels deep")
        check_state(model, value, where, error, strict=strict, depth=depth + 1)
    else:  # a list, or nothing to go by
        plain(value, where, error, depth + 1)

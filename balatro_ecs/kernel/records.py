"""Many objects of a slotted class made at once, or read at once: what copying and saving a
game do for its cards.

:func:`fill` makes ``count`` objects of a class with ``__slots__`` without calling its
``__init__``, each slot set from a column (or one value for all). The Python code here is
the reference; where the optional compiled module ``balatro_ecs.kernel._fill_c`` was built
(``setup.py``), its ``fill`` does the same in one call (``tests/test_records.py`` checks
them equal), several times faster than constructing the objects one by one.
:func:`read` is the other way: the slots of many objects as columns (what the binary save
writes of the cards), and :func:`by_identity` looks many objects up by ``id`` in a dict
(the binary save's codes of the cards' shared values), compiled there too.
``BALATRO_ECS_PURE_PYTHON=1`` keeps the Python form; :data:`COMPILED` says which is in use.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import Any, TypeVar

__all__ = [
    "COMPILED", "EACH", "SAME", "by_identity", "by_identity_py", "fill", "fill_py", "item", "read",
    "read_py",
]  # fmt: skip

T = TypeVar("T")

#: A field's mode: every object gets the value.
SAME = 0
#: A field's mode: object ``j`` gets ``source[j]``.
EACH = 1


def item(k: int) -> int:
    """A field's mode: object ``j`` gets ``source[j][k]`` (an item of a tuple)."""
    return k + 2


def fill_py(cls: type[T], count: int, fields: Sequence[tuple[str, Any, int]]) -> list[T]:
    """``count`` new objects of ``cls`` (``__init__`` not called), each slot ``name`` of
    ``fields`` set from its ``(name, source, mode)`` (see :data:`SAME`, :data:`EACH`,
    :func:`item`); slots not named stay unset."""
    new = object.__new__
    made: list[T] = [new(cls) for _ in range(count)]
    for name, source, mode in fields:
        if mode < 0:
            raise ValueError(f"fill: field {name!r} has mode {mode} (not 0, 1 or k + 2)")
        if mode == SAME:
            for obj in made:
                setattr(obj, name, source)
            continue
        if len(source) != count:
            raise ValueError(f"fill: column {name!r} has {len(source)} items, not {count}")
        if mode == EACH:
            for obj, value in zip(made, source, strict=True):
                setattr(obj, name, value)
        else:
            k = mode - 2
            for obj, value in zip(made, source, strict=True):
                setattr(obj, name, value[k])
    return made


def read_py(cls: type, objects: Sequence[Any], names: Sequence[str]) -> tuple[tuple[Any, ...], ...]:
    """Column ``i`` holds each of ``objects``' attribute ``names[i]``, in order; each name
    must be an object slot of ``cls`` (the compiled form reads an object of exactly ``cls``
    from the slot, any other through ``getattr``)."""
    objects = tuple(objects)
    for name in names:
        if not isinstance(name, str):
            raise TypeError("read: a name must be a str")
        if type(getattr(cls, name, None)) is not _MEMBER:
            raise TypeError(f"read: {name!r} is not a slot of {cls.__name__}")
    return tuple([tuple([getattr(obj, name) for obj in objects]) for name in names])


def by_identity_py(kept: dict[int, Any], objects: Sequence[Any]) -> list[Any]:
    """What ``kept`` holds under each of ``objects``' ``id`` (``None`` where nothing): a
    cache of something derived from objects that are shared, kept by identity."""
    if not isinstance(kept, dict):
        raise TypeError(f"by_identity: kept must be a dict, not {type(kept).__name__}")
    get = kept.get
    return [get(id(obj)) for obj in objects]


class _Slotted:
    __slots__ = ("x",)


_MEMBER = type(_Slotted.__dict__["x"])  # (the type of a slot's descriptor)


def _compiled() -> Any:
    if os.environ.get("BALATRO_ECS_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(f"{__package__}._fill_c")
    except ImportError:
        return None


_C = _compiled()
#: Whether the compiled :func:`fill` is in use.
COMPILED: bool = _C is not None
#: :func:`fill_py`, or its compiled form.
fill = fill_py if _C is None else _C.fill
#: :func:`read_py`, or its compiled form.
read = read_py if _C is None else getattr(_C, "read", read_py)
#: :func:`by_identity_py`, or its compiled form.
by_identity = by_identity_py if _C is None else getattr(_C, "by_identity", by_identity_py)

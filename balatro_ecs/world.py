"""One game's entity database. The only module that imports :mod:`esper`.

esper 3 keeps its worlds as module globals and switches between them by name. Every
:class:`World` gets a unique name, makes itself the active esper world at each of its
public methods, and deletes its esper world when it is closed or garbage-collected, so
that any number of games can live in one process (tests, tree search, batch runs)
without seeing each other's entities.

Threads: esper keeps the current world in a module global, so every call here switches
and uses it under one process-wide lock. Games in different threads then never touch each
other's entities. A game itself is not meant to be shared between threads without a lock
of the caller's; for speed, run one process per worker (the batch runner does).
"""

from __future__ import annotations

import itertools
import threading
import weakref
from collections.abc import Iterable, Iterator
from typing import Any, TypeVar, overload

import esper

__all__ = ["World"]

C = TypeVar("C")
C1 = TypeVar("C1")
C2 = TypeVar("C2")
C3 = TypeVar("C3")

_names = itertools.count(1)
_DEFAULT = "default"
#: Guards esper's module-level "current world" (switch, then call) across threads.
_LOCK = threading.RLock()


def _drop_world(name: str) -> None:
    with _LOCK:
        if name not in esper.list_worlds():
            return
        if esper.current_world == name:
            esper.switch_world(_DEFAULT)
        esper.delete_world(name)


class World:
    """An isolated esper world.

    >>> w = World()
    >>> from balatro_ecs.components import Rank
    >>> e = w.create(Rank(14))
    >>> w.get(e, Rank).value
    14
    >>> World().has(e, Rank)  # another world does not see it
    False
    """

    __slots__ = ("__weakref__", "_finalizer", "name")

    def __init__(self) -> None:
        self.name = f"balatro_ecs-{next(_names)}"
        self._finalizer = weakref.finalize(self, _drop_world, self.name)

    def _use(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def close(self) -> None:
        """Delete the esper world now (it is also deleted when the World is collected)."""
        self._finalizer()

    @property
    def closed(self) -> bool:
        return not self._finalizer.alive

    # -- entities -------------------------------------------------------------
    def create(self, *components: Any) -> int:
        """A new entity with these components; returns its id."""
        with _LOCK:
            self._use()
            return esper.create_entity(*components)

    def create_many(self, rows: Iterable[tuple[Any, ...]]) -> list[int]:
        """One new entity per tuple of components, in order (one switch, one lock)."""
        with _LOCK:
            self._use()
            create = esper.create_entity
            return [create(*components) for components in rows]

    def delete(self, entity: int) -> None:
        """Delete an entity and its components at once."""
        with _LOCK:
            self._use()
            esper.delete_entity(entity, immediate=True)

    def exists(self, entity: int) -> bool:
        with _LOCK:
            self._use()
            return esper.entity_exists(entity)

    def entities(self) -> Iterator[int]:
        """Every living entity id, in creation order."""
        with _LOCK:
            self._use()
            return iter(list(esper.get_entities()))

    # -- components -----------------------------------------------------------
    def add(self, entity: int, component: Any) -> None:
        """Attach a component (replacing one of the same type)."""
        with _LOCK:
            self._use()
            esper.add_component(entity, component)

    def remove(self, entity: int, component_type: type[C]) -> C:
        with _LOCK:
            self._use()
            return esper.remove_component(entity, component_type)

    def get(self, entity: int, component_type: type[C]) -> C:
        """The entity's component of this type (``KeyError`` if it has none)."""
        with _LOCK:
            self._use()
            return esper.component_for_entity(entity, component_type)

    def try_get(self, entity: int, component_type: type[C]) -> C | None:
        with _LOCK:
            self._use()
            return esper.try_component(entity, component_type)

    def has(self, entity: int, component_type: type[Any]) -> bool:
        with _LOCK:
            self._use()
            return esper.entity_exists(entity) and esper.has_component(entity, component_type)

    def components(self, entity: int) -> tuple[Any, ...]:
        """All components of an entity (for saving and debugging)."""
        with _LOCK:
            self._use()
            return esper.components_for_entity(entity)

    # -- queries --------------------------------------------------------------
    def query1(self, component_type: type[C]) -> list[tuple[int, C]]:
        """Every ``(entity, component)`` of one type; cached by esper until a structural change."""
        with _LOCK:
            self._use()
            return list(esper.get_component(component_type))

    @overload
    def query(self, c1: type[C1], c2: type[C2], /) -> list[tuple[int, tuple[C1, C2]]]: ...
    @overload
    def query(
        self, c1: type[C1], c2: type[C2], c3: type[C3], /
    ) -> list[tuple[int, tuple[C1, C2, C3]]]: ...
    @overload
    def query(self, *component_types: type[Any]) -> list[tuple[int, tuple[Any, ...]]]: ...
    def query(self, *component_types: type[Any]) -> list[tuple[int, tuple[Any, ...]]]:
        """Every entity with all these component types, as ``(entity, (c1, c2, ...))``."""
        with _LOCK:
            self._use()
            return list(esper.get_components(*component_types))

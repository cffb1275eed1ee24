"""One game's entity database. The only module that imports :mod:`esper`.

esper 3 keeps its worlds as module globals and switches between them by name. Every
:class:`World` gets a unique name, makes itself the active esper world at each of its
public methods, and deletes its esper world when it is closed or garbage-collected, so
that any number of games can live in one process (tests, tree search, batch runs)
without seeing each other's entities.

esper's globals are not thread-safe: use one process per worker for parallel runs
(the batch runner does).
"""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterator
from typing import Any, TypeVar, overload

import esper

__all__ = ["World"]

C = TypeVar("C")
C1 = TypeVar("C1")
C2 = TypeVar("C2")
C3 = TypeVar("C3")

_names = itertools.count(1)
_DEFAULT = "default"


def _drop_world(name: str) -> None:
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
        self._use()
        return esper.create_entity(*components)

    def delete(self, entity: int) -> None:
        """Delete an entity and its components at once."""
        self._use()
        esper.delete_entity(entity, immediate=True)

    def exists(self, entity: int) -> bool:
        self._use()
        return esper.entity_exists(entity)

    def entities(self) -> Iterator[int]:
        """Every living entity id, in creation order."""
        self._use()
        return iter(list(esper.get_entities()))

    # -- components -----------------------------------------------------------
    def add(self, entity: int, component: Any) -> None:
        """Attach a component (replacing one of the same type)."""
        self._use()
        esper.add_component(entity, component)

    def remove(self, entity: int, component_type: type[C]) -> C:
        self._use()
        return esper.remove_component(entity, component_type)

    def get(self, entity: int, component_type: type[C]) -> C:
        """The entity's component of this type (``KeyError`` if it has none)."""
        self._use()
        return esper.component_for_entity(entity, component_type)

    def try_get(self, entity: int, component_type: type[C]) -> C | None:
        self._use()
        return esper.try_component(entity, component_type)

    def has(self, entity: int, component_type: type[Any]) -> bool:
        self._use()
        return esper.entity_exists(entity) and esper.has_component(entity, component_type)

    def components(self, entity: int) -> tuple[Any, ...]:
        """All components of an entity (for saving and debugging)."""
        self._use()
        return esper.components_for_entity(entity)

    # -- queries --------------------------------------------------------------
    def query1(self, component_type: type[C]) -> list[tuple[int, C]]:
        """Every ``(entity, component)`` of one type; cached by esper until a structural change."""
        self._use()
        return esper.get_component(component_type)

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
        self._use()
        return esper.get_components(*component_types)

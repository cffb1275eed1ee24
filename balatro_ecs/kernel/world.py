"""One game's entity database. The only module that imports :mod:`esper`.

esper 3 keeps its worlds as module globals and switches between them by name. Every
:class:`World` registers an esper world under a unique name and deletes it when it is
closed or garbage-collected, so that any number of games can live in one process (tests,
tree search, batch runs) without seeing each other's entities.

Storage. An esper world is two tables: ``entities`` (entity id -> the entity's component
table, ``{component type: component}``) and an index (component type -> set of entity ids)
that only its queries read. A table is a plain dict, or a handle that is its own entity's
table (a :class:`RecordTable`): a playing card (:class:`~balatro_ecs.game.cards.Card`) keeps
its components in slots and answers the mapping calls that esper and this module make,
so a card is one object rather than a dict plus a handle. Entities are created, read and
deleted with plain dict operations on the tables, which is what esper's own functions
do, without switching esper's current world for every call (a game creates and deletes
hundreds of entities and never queries: its handles hold their components). Until its
first query a world keeps its tables itself and esper knows nothing of it; the first
query registers the esper world (:func:`_tables` fetches its two tables and query caches
once, and they take over the entities held so far), builds the index and keeps it
current from then on; queries go through esper itself (:func:`esper.get_components`),
switched to this world. A world that never queries costs esper nothing (registering an
esper world, and deleting it when the game is closed, cost more than a new game's
entities did).
Query results are not cached: a handle changes a card by swapping a value component into
its table (see :mod:`balatro_ecs.kernel.components`), which esper would not see.

esper's internals. Fetching a world's tables once and swapping handles in as tables
relies on four private names of esper 3 (``_entities``, ``_components``,
``_get_component_cache``, ``_get_components_cache``) and on :func:`esper.switch_world`
keeping a world's dicts until :func:`esper.delete_world`. ``pyproject.toml`` pins esper
below 4, and :func:`esper_contract` checks that behaviour when this module is imported: an
esper that changed it stops the import with a message naming what changed (and
``tests/test_world.py`` runs the same check). esper's public API alone would cost a world
switch per entity and a dict per card (the measurements are in ``docs/architecture.md``).

Threads: the tables are this world's own objects, so creating, reading and deleting
touch no global; queries switch esper's module-level current world under one process-wide
lock. Games in different threads then never touch each other's entities. A game itself
is not meant to be shared between threads without a lock of the caller's; for speed, run
one process per worker (the batch runner does).
"""

from __future__ import annotations

import contextlib
import itertools
import operator
import threading
import weakref
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol, TypeVar, overload

import esper

__all__ = ["RecordTable", "World", "WorldState", "esper_contract"]

C = TypeVar("C")
C1 = TypeVar("C1")
C2 = TypeVar("C2")
C3 = TypeVar("C3")


class RecordTable(Protocol):
    """A handle that is its own entity's component table (a playing card): the mapping
    calls made on a table, plus what saving and restoring the world need."""

    def __getitem__(self, kind: type, /) -> Any: ...
    def __setitem__(self, kind: type, component: Any, /) -> None: ...
    def __contains__(self, kind: object, /) -> bool: ...
    def __iter__(self) -> Iterator[type]: ...
    def get(self, kind: type, default: Any = None, /) -> Any: ...
    def pop(self, kind: type, /) -> Any: ...
    def values(self) -> Iterable[Any]: ...
    @property
    def contents(self) -> tuple[Any, ...]:
        """Its components as :meth:`World.state` keeps them (compared with ``!=``; not to
        be changed by the table later)."""
        ...

    def put_back(self, contents: tuple[Any, ...], /) -> None:
        """Hold the components of :attr:`contents` again."""
        ...


#: An entity's components by type (esper's per-entity table): a dict, or a handle that is
#: its own table.
Table = dict[type, Any] | RecordTable
#: What :meth:`World.state` keeps of a table: a dict's copy, or a record table's contents.
Saved = dict[type, Any] | tuple[Any, ...]

_names = itertools.count(1)
_probes = itertools.count(1)
_DEFAULT = "default"
#: Guards esper's module-level "current world" (switch, then call) across threads.
_LOCK = threading.RLock()


class _Tables(NamedTuple):
    entities: dict[int, Table]
    by_type: dict[type, set[int]]
    cache_one: dict[Any, Any]
    cache_many: dict[Any, Any]


def _tables(name: str) -> _Tables:
    """Register the esper world ``name`` and return its tables.

    esper 3 creates a world's tables when it first switches to it and keeps them (the
    same dict objects) until the world is deleted; :func:`esper.switch_world` makes them
    the module globals read here. The entity counter is not used: :class:`World` numbers
    its entities itself (esper's is only read by :func:`esper.create_entity`).
    """
    with _LOCK:
        esper.switch_world(name)
        return _Tables(
            esper._entities,  # type: ignore[arg-type]  # it holds record tables too
            esper._components,
            esper._get_component_cache,
            esper._get_components_cache,
        )


#: The private module globals of esper that :func:`_tables` reads: the entity tables, the
#: per-type index, and the two query caches.
_ESPER_PRIVATE = ("_entities", "_components", "_get_component_cache", "_get_components_cache")
#: The public functions this module calls.
_ESPER_PUBLIC = ("switch_world", "delete_world", "list_worlds", "get_component", "get_components")


def esper_contract() -> list[str]:
    """What this module relies on in esper, checked on the esper installed: ``[]`` when all
    holds, else one line per thing that changed (naming it and esper's version).

    It checks that the private names exist as dicts, that :func:`esper.switch_world` makes
    a new world's own dicts the module globals and gives the same objects back on a
    second switch, and that :func:`esper.get_components` / :func:`esper.get_component`
    answer from those dicts (an entity put straight into them, with a table that is not
    a dict, is found). The probe world is deleted and the current world restored.
    """
    version = getattr(esper, "__version__", "?")
    where = f"esper {version}"
    problems = [
        f"{where}: esper.{name} is gone (balatro_ecs.kernel.world calls it)"
        for name in _ESPER_PUBLIC
        if not callable(getattr(esper, name, None))
    ]
    problems += [
        f"{where}: esper.{name} is not a module-level dict any more "
        "(balatro_ecs.kernel.world reads a world's tables from it)"
        for name in _ESPER_PRIVATE
        if not isinstance(getattr(esper, name, None), dict)
    ]
    if not isinstance(getattr(esper, "current_world", None), str):
        problems.append(f"{where}: esper.current_world is not the current world's name")
    if problems:
        return problems
    probe = f"balatro_ecs-contract-{next(_probes)}"

    class _Probe:
        pass

    with _LOCK:
        before = esper.current_world
        try:
            esper.switch_world(probe)
            first = [getattr(esper, name) for name in _ESPER_PRIVATE]
            esper.switch_world(before)
            now = [getattr(esper, name) for name in _ESPER_PRIVATE]
            if any(map(operator.is_, first, now)):
                problems.append(
                    f"{where}: switch_world no longer gives each world its own tables "
                    f"({', '.join(_ESPER_PRIVATE)})"
                )
            esper.switch_world(probe)
            now = [getattr(esper, name) for name in _ESPER_PRIVATE]
            if any(map(operator.is_not, first, now)):
                problems.append(
                    f"{where}: switch_world no longer keeps a world's tables (the same dict "
                    f"objects) until delete_world"
                )
            else:
                entities, index = first[0], first[1]
                component = _Probe()
                entities[7] = _MappingTable({_Probe: component})
                index[_Probe] = {7}
                kinds: tuple[type[Any], ...] = (_Probe,)
                found: tuple[list[Any], list[Any]] = (
                    list(esper.get_component(_Probe)),
                    list(esper.get_components(*kinds)),
                )
                if found != ([(7, component)], [(7, (component,))]):
                    problems.append(
                        f"{where}: get_component/get_components no longer answer from "
                        "esper._entities and esper._components"
                    )
        except Exception as error:  # an esper whose calls fail: say so, do not crash here
            problems.append(f"{where}: probing its worlds failed: {error!r}")
        finally:
            with contextlib.suppress(Exception):
                esper.switch_world(before)
            with contextlib.suppress(Exception):
                esper.delete_world(probe)
    return problems


class _MappingTable:
    """A component table that is not a dict (as a playing card is), for the probe."""

    def __init__(self, components: dict[type, Any]) -> None:
        self._components = components

    def __getitem__(self, kind: type) -> Any:
        return self._components[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self._components


def _drop_world(name: str) -> None:
    with _LOCK:
        if esper.current_world == name:
            esper.switch_world(_DEFAULT)
        with contextlib.suppress(KeyError):  # already gone
            esper.delete_world(name)


_PROBLEMS = esper_contract()
if _PROBLEMS:  # pragma: no cover - only with an esper that changed its internals
    raise ImportError(
        "balatro_ecs needs esper 3's world internals, and this esper changed them:\n  "
        + "\n  ".join(_PROBLEMS)
        + "\nInstall a supported esper: pip install 'esper>=3.9,<4'"
    )


class WorldState(NamedTuple):
    """What :meth:`World.state` saved: every entity (in creation order), its table object
    and a copy of the table's contents (a dict's copy, a :class:`RecordTable`'s
    :attr:`~RecordTable.contents`), and the next entity id. Restoring puts the same table
    objects back under the same ids, holding the saved components."""

    ids: tuple[int, ...]
    tables: tuple[Table, ...]
    saved: tuple[Saved, ...]
    next_id: int


class World:
    """An isolated esper world.

    >>> w = World()
    >>> from balatro_ecs.kernel.components import Rank
    >>> e = w.create(Rank(14))
    >>> w.get(e, Rank).value
    14
    >>> World().has(e, Rank)  # another world does not see it
    False
    """

    __slots__ = (
        "__weakref__",
        "_cache_many",
        "_cache_one",
        "_entities",
        "_finalizer",
        "_index",
        "_indexed",
        "_next",
        "name",
    )

    def __init__(self) -> None:
        self.name = f"balatro_ecs-{next(_names)}"
        # The world's own tables until its first query registers it with esper
        # (:meth:`_register`): most worlds (a game's) never query, and never need esper.
        self._entities: dict[int, Table] = {}
        self._index: dict[type, set[int]] = {}
        self._cache_one: dict[Any, Any] = {}
        self._cache_many: dict[Any, Any] = {}
        #: Whether the per-type index is built (by the first query) and kept current.
        self._indexed = False
        self._next = 1
        #: ``None`` until registered with esper (``False``: closed before that).
        self._finalizer: weakref.finalize[Any, Any] | bool | None = None

    def _register(self) -> None:
        """Register the esper world (the first query): esper's tables for it take over
        the entities held so far, and the esper world is deleted when this one is closed
        or collected."""
        tables = _tables(self.name)
        tables.entities.update(self._entities)
        self._entities = tables.entities
        self._index = tables.by_type
        self._cache_one = tables.cache_one
        self._cache_many = tables.cache_many
        self._finalizer = weakref.finalize(self, _drop_world, self.name)

    @property
    def registered(self) -> bool:
        """Whether the world is registered with esper now (it is from its first query until
        it is closed or collected)."""
        found = self._finalizer
        return isinstance(found, weakref.finalize) and found.alive

    def close(self) -> None:
        """Delete the esper world now, if it was registered (it is also deleted when the
        World is collected)."""
        found = self._finalizer
        if isinstance(found, weakref.finalize):
            found()
        else:
            self._finalizer = False

    @property
    def closed(self) -> bool:
        found = self._finalizer
        return found is False or (isinstance(found, weakref.finalize) and not found.alive)

    # -- entities -------------------------------------------------------------
    def create(self, *components: Any) -> int:
        """A new entity with these components; returns its id."""
        return self.spawn({type(c): c for c in components})

    def spawn(self, table: Table) -> int:
        """A new entity whose components are ``table`` (component type -> component).

        The world keeps ``table`` itself as the entity's table (no copy), so a handle
        made with it can swap one of its components in place (and a :class:`RecordTable`
        handle is the table).
        """
        entity = self._next
        self._next = entity + 1
        self._entities[entity] = table
        if self._indexed:
            self._indexed_add(entity, table)
        return entity

    def next_ids(self, count: int) -> range:
        """The ids the next ``count`` new entities will get (nothing is made)."""
        return range(self._next, self._next + count)

    def spawn_many(self, tables: Sequence[Table]) -> range:
        """New entities for these tables, numbered in order (each table kept, as
        :meth:`spawn` keeps it); returns their ids."""
        ids = range(self._next, self._next + len(tables))
        self._next = ids.stop
        self._entities.update(zip(ids, tables, strict=True))
        if self._indexed:
            for entity, table in zip(ids, tables, strict=True):
                self._indexed_add(entity, table)
        return ids

    def create_many(self, rows: Iterable[tuple[Any, ...]]) -> list[int]:
        """One new entity per tuple of components, in order."""
        spawn = self.spawn
        return [spawn({type(c): c for c in components}) for components in rows]

    def delete(self, entity: int) -> None:
        """Delete an entity and its components at once (``KeyError`` if there is none)."""
        table = self._entities.pop(entity)
        if self._indexed:
            index = self._index
            for kind in table:
                ids = index[kind]
                ids.discard(entity)
                if not ids:
                    del index[kind]
            self._changed()

    def exists(self, entity: int) -> bool:
        return entity in self._entities

    def entities(self) -> Iterator[int]:
        """Every living entity id, in creation order."""
        return iter(list(self._entities))

    # -- components -----------------------------------------------------------
    def add(self, entity: int, component: Any) -> None:
        """Attach a component (replacing one of the same type)."""
        kind = type(component)
        self._entities[entity][kind] = component
        if self._indexed:
            self._index.setdefault(kind, set()).add(entity)
            self._changed()

    def remove(self, entity: int, component_type: type[C]) -> C:
        component: C = self._entities[entity].pop(component_type)
        if self._indexed:
            ids = self._index[component_type]
            ids.discard(entity)
            if not ids:
                del self._index[component_type]
            self._changed()
        return component

    def get(self, entity: int, component_type: type[C]) -> C:
        """The entity's component of this type (``KeyError`` if it has none)."""
        component: C = self._entities[entity][component_type]
        return component

    def try_get(self, entity: int, component_type: type[C]) -> C | None:
        table = self._entities.get(entity)
        if table:
            found: C | None = table.get(component_type)
            return found
        return None

    def has(self, entity: int, component_type: type[Any]) -> bool:
        table = self._entities.get(entity)
        return table is not None and component_type in table

    def components(self, entity: int) -> tuple[Any, ...]:
        """All components of an entity (for saving and debugging)."""
        return tuple(self._entities[entity].values())

    # -- saving and restoring ---------------------------------------------------
    def state(self) -> WorldState:
        """Every entity's table (the object and a copy of its contents) and the next id:
        what :meth:`restore` puts back. Components are not copied (their owners save
        their fields)."""
        entities = self._entities
        tables = tuple(entities.values())
        saved = tuple([t.copy() if isinstance(t, dict) else t.contents for t in tables])
        return WorldState(tuple(entities), tables, saved, self._next)

    def restore(self, state: WorldState, *, made_or_deleted_only: bool = False) -> set[int]:
        """Put back exactly the entities of ``state`` (taken from this world): each under
        its id, with its table object holding the saved components. Entities made since
        are gone. Returns the entities whose tables had changed (a component swapped in,
        added or removed since), whose handles must read them again. ``state`` stays
        valid for another restore.

        ``made_or_deleted_only``: the world was changed since ``state`` by making and
        deleting entities alone (no other state restored or loaded): then, with no entity
        made (the next id is the saved one) and none deleted (as many entities), the
        entities are the saved ones, under their ids, in their order, and are not put
        back one by one."""
        entities = self._entities
        ids = state.ids
        if not (made_or_deleted_only and self._next == state.next_id and len(entities) == len(ids)):
            entities.clear()
            entities.update(zip(ids, state.tables, strict=True))
        changed: set[int] = set()
        # Components compare by value, the same object at once: usually nothing changed.
        # Each table's contents as saved (a dict is its own), read in C for every entity.
        tables = state.tables
        saved = state.saved
        now = tuple(map(getattr, tables, itertools.repeat("contents"), tables))
        if now != saved:
            for entity, table, contents, current in zip(ids, tables, saved, now, strict=True):
                if current == contents:
                    continue
                if isinstance(table, dict):
                    table.clear()
                    table.update(contents)
                else:
                    table.put_back(contents)  # type: ignore[arg-type]  # its contents, saved
                changed.add(entity)
        self._next = state.next_id
        self._drop_index()
        return changed

    def load(self, tables: Iterable[tuple[int, Table]], next_id: int) -> None:
        """Fill this world with entities under the given ids (a copy of another game's
        world: the ids stay the same), replacing what it held; ``next_id`` is the id the
        next new entity gets. The world keeps each table object."""
        entities = self._entities
        entities.clear()
        entities.update(tables)
        self._next = next_id
        self._drop_index()

    # -- queries --------------------------------------------------------------
    def query1(self, component_type: type[C]) -> list[tuple[int, C]]:
        """Every ``(entity, component)`` of one type."""
        self._build_index()
        self._changed()  # a handle may have swapped a value component in: not cached
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
        self._build_index()
        self._changed()  # a handle may have swapped a value component in: not cached
        with _LOCK:
            self._use()
            return list(esper.get_components(*component_types))

    # -- the index --------------------------------------------------------------
    def _use(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def _changed(self) -> None:
        """Forget esper's cached query results (its ``clear_cache``, for this world)."""
        self._cache_one.clear()
        self._cache_many.clear()

    def _indexed_add(self, entity: int, table: Table) -> None:
        index = self._index
        for kind in table:
            ids = index.get(kind)
            if ids is None:
                index[kind] = {entity}
            else:
                ids.add(entity)
        self._changed()

    def _build_index(self) -> None:
        if self._indexed:
            return
        if not isinstance(self._finalizer, weakref.finalize):
            self._register()
        self._index.clear()
        self._indexed = True
        for entity, table in self._entities.items():
            self._indexed_add(entity, table)
        self._changed()

    def _drop_index(self) -> None:
        if self._indexed:
            self._index.clear()
            self._indexed = False
            self._changed()

"""The plugin set: pluggy's manager, the content registry, and per-key hook tables.

pluggy owns declaration, validation, registration, blocking, discovery and tracing. On
top of it, :class:`Plugins` reads each content plugin's implementations *once* into a
table ``hook -> content key -> function``; the engine calls those functions directly,
per instance and in game order (see :mod:`balatro_ecs.dispatch`). A pluggy broadcast
would call every joker type's implementation on every call, in registration order.

Loading, in order (as pytest does it):

1. the built-in plugins, a plain tuple of module names (:data:`BUILTIN_PLUGINS`);
2. the ``balatro_ecs`` entry-point group (third-party packs installed with pip);
3. plugins passed in by the caller.

A module may list more plugins in a ``balatro_plugins`` attribute (module names or
plugin objects); they are registered with it. Blocked names -- plugin names or content
keys, from the ``block`` argument or the ``BALATRO_ECS_BLOCK`` environment variable
(comma-separated) -- are skipped before anything loads. ``BALATRO_ECS_TRACE=1`` prints
every content-hook call and its result to standard error.
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any, TypeVar

import pluggy

from . import hookspecs
from .content import (
    BlindType,
    BoosterType,
    ConsumableType,
    ContentType,
    DeckType,
    JokerType,
    StakeType,
    TagType,
    VoucherType,
    fold_name,
)
from .errors import PluginError, UnknownNameError, close_matches

__all__ = [
    "BLOCK_ENV",
    "BUILTIN_PLUGINS",
    "CONTENT_HOOK_FAMILIES",
    "ENTRY_POINT_GROUP",
    "TRACE_ENV",
    "Plugins",
]

#: Built-in plugins, loaded first, by the same path as third-party ones.
BUILTIN_PLUGINS: tuple[str, ...] = ("balatro_ecs_vanilla",)
ENTRY_POINT_GROUP = "balatro_ecs"
BLOCK_ENV = "BALATRO_ECS_BLOCK"
TRACE_ENV = "BALATRO_ECS_TRACE"

#: Hook-name prefix -> the content type whose plugins may implement those hooks.
CONTENT_HOOK_FAMILIES: dict[str, type[ContentType]] = {
    "joker_": JokerType,
    "consumable_": ConsumableType,
    "blind_": BlindType,
    "deck_": DeckType,
    "stake_": StakeType,
    "voucher_": VoucherType,
    "tag_": TagType,
}

_FAMILIES: tuple[type[ContentType], ...] = (
    JokerType,
    BlindType,
    DeckType,
    ConsumableType,
    VoucherType,
    StakeType,
    TagType,
    BoosterType,
)

T = TypeVar("T", bound=ContentType)
_default: Plugins | None = None


def _env_blocked() -> set[str]:
    raw = os.environ.get(BLOCK_ENV, "")
    return {part.strip() for part in raw.split(",") if part.strip()}


def _declared_content(plugin: object) -> ContentType | None:
    """Call a plugin's own ``balatro_content`` implementation, if it has one."""
    fn = getattr(plugin, "balatro_content", None)
    if fn is None or not hasattr(fn, f"{hookspecs.PROJECT}_impl"):
        return None
    content = fn()
    if content is not None and not isinstance(content, ContentType):
        raise PluginError(
            f"plugin {_plugin_label(plugin)}: balatro_content returned {content!r}, "
            "expected a JokerType, BlindType, DeckType, ConsumableType or VoucherType"
        )
    return content


@functools.cache
def _distributions() -> dict[str, list[str]]:
    try:
        return dict(importlib.metadata.packages_distributions())
    except Exception:  # pragma: no cover - very old metadata backends
        return {}


@functools.cache
def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def module_packages(module: str) -> dict[str, str]:
    """The installed distributions that provide ``module``'s top-level package, with their
    versions (``{"balatro-ecs": "0.1.0"}``); metadata is read once per process."""
    top = module.split(".")[0]
    return {dist: _version(dist) for dist in _distributions().get(top, [top])}


def _plugin_label(plugin: object) -> str:
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return getattr(plugin, "plugin_name", None) or type(plugin).__name__


def _adapt(
    function: Callable[..., Any], impl_args: tuple[str, ...], spec_args: tuple[str, ...]
) -> Callable[..., Any]:
    """Let the engine call every implementation with the spec's positional arguments."""
    if impl_args == spec_args:
        return function
    picks = tuple(spec_args.index(a) for a in impl_args)
    if not picks:
        return lambda *args: function()
    if len(picks) == 1:
        (i,) = picks
        return lambda *args: function(args[i])
    if len(picks) == 2:
        i, j = picks
        return lambda *args: function(args[i], args[j])
    return lambda *args: function(*(args[k] for k in picks))


def _traced(hook: str, key: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def traced(*args: Any) -> Any:
        result = function(*args)
        shown = ", ".join(repr(a) for a in args[1:])
        print(f"[balatro_ecs] {hook}[{key}]({shown}) -> {result!r}", file=sys.stderr)
        return result

    return traced


class Plugins:
    """A set of plugins and the content they declare.

    Build one per configuration and share it between games; games notice when it
    changes (:attr:`version`).

    >>> plugins = Plugins()
    >>> plugins.joker("Blueprint").key
    'j_blueprint'
    """

    def __init__(
        self,
        *,
        builtins: bool = True,
        entry_points: bool = True,
        block: Iterable[str] = (),
        plugins: Iterable[object] = (),
    ) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.blocked: set[str] = set(block) | _env_blocked()
        #: Content whose plugin was blocked, so lookups can say so.
        self.blocked_content: dict[str, ContentType] = {}
        for name in self.blocked:
            self.pm.set_blocked(name)
        self.version = 0
        #: Derived data (compiled schedules, ...) that is dropped whenever the set changes.
        self.cache: dict[Any, Any] = {}
        self._trace = os.environ.get(TRACE_ENV, "") not in ("", "0")
        if self._trace:  # broadcast hooks through pluggy's own tracer, content hooks below
            self.pm.trace.root.setwriter(lambda text: sys.stderr.write(f"[pluggy] {text}"))
            self.pm.enable_tracing()
        self._content: dict[str, ContentType] = {}
        self._owner: dict[str, object] = {}
        self._names: dict[type[ContentType], dict[str, str]] = {}
        self._tables: dict[str, dict[str, Callable[..., Any]]] = {}
        self._content_hooks = tuple(
            name
            for name in dir(hookspecs)
            if any(name.startswith(prefix) for prefix in CONTENT_HOOK_FAMILIES)
        )
        self._building = True
        if builtins:
            for module_name in BUILTIN_PLUGINS:
                self.register_module(module_name)
        if entry_points:
            self.load_entry_points()
        for plugin in plugins:
            self.register(plugin)
        self._building = False
        self._rebuild()

    @classmethod
    def default(cls) -> Plugins:
        """The shared default set (vanilla plus installed packs), built on first use."""
        global _default
        if _default is None:
            _default = cls()
        return _default

    # -- registration ------------------------------------------------------------------
    def register(self, plugin: object, name: str | None = None) -> str | None:
        """Register a plugin object or module; returns its name, or ``None`` if blocked."""
        content = _declared_content(plugin)
        if name is None:
            if isinstance(plugin, ModuleType):
                name = plugin.__name__
            elif content is not None:
                name = content.key
        if (name is not None and name in self.blocked) or (
            content is not None and content.key in self.blocked
        ):
            if content is not None:
                self.blocked_content[content.key] = content
            return None
        if content is not None and content.key in self._content:
            other = _plugin_label(self._owner[content.key])
            raise PluginError(
                f"plugin {_plugin_label(plugin)} declares {content.family} {content.key!r}, "
                f"which plugin {other} already declares"
            )
        if self.pm.is_registered(plugin):
            return self.pm.get_name(plugin)
        try:
            registered = self.pm.register(plugin, name)
        except ValueError as err:
            raise PluginError(
                f"cannot register plugin {name or _plugin_label(plugin)}: {err}"
            ) from None
        except pluggy.PluginValidationError as err:
            raise PluginError(f"plugin {name or _plugin_label(plugin)}: {err}") from None
        if registered is None:
            return None
        if content is not None:
            self._content[content.key] = content
            self._owner[content.key] = plugin
        for child in getattr(plugin, "balatro_plugins", ()) or ():
            if isinstance(child, str):
                self.register_module(child)
            else:
                self.register(child)
        if not self._building:
            self._rebuild()
        return registered

    def register_module(self, module_name: str) -> str | None:
        """Import a module by name and register it (skipped if the name is blocked)."""
        if module_name in self.blocked:
            return None
        try:
            module = importlib.import_module(module_name)
        except ImportError as err:
            raise PluginError(f"cannot import plugin module {module_name!r}: {err}") from err
        return self.register(module, module_name)

    def load_entry_points(self, group: str = ENTRY_POINT_GROUP) -> list[str]:
        """Load every installed plugin advertised in an entry-point group."""
        loaded: list[str] = []
        for ep in importlib.metadata.entry_points(group=group):
            if ep.name in self.blocked or ep.value in self.blocked:
                continue
            try:
                plugin = ep.load()
            except Exception as err:
                dist = getattr(ep, "dist", None)
                source = f" (from {dist.name})" if dist is not None else ""
                raise PluginError(
                    f"cannot load plugin entry point {ep.name!r} = {ep.value!r}{source}: {err}"
                ) from err
            name = self.register(plugin, ep.name)
            if name is not None:
                loaded.append(name)
        return loaded

    def unregister(self, name: str) -> None:
        """Remove a plugin by name (and its content)."""
        plugin = self.pm.get_plugin(name)
        if plugin is None:
            raise PluginError(f"no plugin named {name!r} is registered")
        self.pm.unregister(plugin)
        for key in [k for k, owner in self._owner.items() if owner is plugin]:
            del self._content[key]
            del self._owner[key]
        self._rebuild()

    def owners(self) -> dict[str, str]:
        """Content key -> the name of the module (or object's module) that declares it.

        A fresh dict each call (the mapping itself is kept until the plugin set changes).
        """
        return dict(self._owners())

    def _owners(self) -> dict[str, str]:
        cached: dict[str, str] | None = self.cache.get("owners")
        if cached is None:
            cached = {}
            for key, owner in self._owner.items():
                module = owner.__name__ if isinstance(owner, ModuleType) else type(owner).__module__
                cached[key] = module
            self.cache["owners"] = cached
        return cached

    def packages_of(self, keys: Iterable[str]) -> dict[str, str]:
        """The installed packages whose modules declare these content keys: distribution
        -> version, in the order of the modules' names (what a save records). Kept per set
        of modules until the plugin set changes; a fresh dict each call."""
        owners = self._owners()
        modules = frozenset([owners[key] for key in keys if key in owners])
        found: dict[str, str] | None = self.cache.get(("packages", modules))
        if found is None:
            found = {}
            for module in sorted(modules):
                found.update(module_packages(module))
            self.cache[("packages", modules)] = found
        return dict(found)

    def package_versions(self) -> dict[str, str]:
        """The installed packages whose modules declare this set's content: distribution ->
        version, sorted (read from package metadata once per process)."""
        cached: dict[str, str] | None = self.cache.get("package_versions")
        if cached is None:
            found: dict[str, str] = {}
            for module in set(self.owners().values()):
                found.update(module_packages(module))
            cached = self.cache["package_versions"] = dict(sorted(found.items()))
        return dict(cached)

    def plugin_names(self) -> list[str]:
        return sorted(n for n, p in self.pm.list_name_plugin() if p is not None)

    # -- tables ----------------------------------------------------------------------------
    def _rebuild(self) -> None:
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as err:
            known = [
                n for n in dir(hookspecs) if n.startswith(("balatro_", *CONTENT_HOOK_FAMILIES))
            ]
            unknown = [
                name
                for name, caller in vars(self.pm.hook).items()
                if not caller.has_spec() and caller.get_hookimpls()
            ]
            guesses = [g for name in unknown for g in close_matches(name, known, n=1)]
            hint = f" (did you mean {guesses[0]!r}?)" if guesses else ""
            name = self.pm.get_name(err.plugin) or _plugin_label(err.plugin)
            raise PluginError(f"plugin {name}: {err}{hint}") from None
        content_of = {id(owner): self._content[key] for key, owner in self._owner.items()}
        tables: dict[str, dict[str, Callable[..., Any]]] = {}
        for hook_name in self._content_hooks:
            caller = getattr(self.pm.hook, hook_name)
            spec_args = tuple(caller.spec.argnames)
            family = next(f for p, f in CONTENT_HOOK_FAMILIES.items() if hook_name.startswith(p))
            table: dict[str, Callable[..., Any]] = {}
            for impl in caller.get_hookimpls():
                content = content_of.get(id(impl.plugin))
                if content is None:
                    raise PluginError(
                        f"plugin {impl.plugin_name} implements {hook_name} but declares no "
                        f"{family.family} (add a balatro_content hook returning a "
                        f"{family.__name__})"
                    )
                if not isinstance(content, family):
                    raise PluginError(
                        f"plugin {impl.plugin_name} implements {hook_name} but declares "
                        f"{content.family} {content.key!r}, not a {family.family}"
                    )
                fn = _adapt(impl.function, tuple(impl.argnames), spec_args)
                if self._trace:
                    fn = _traced(hook_name, content.key, fn)
                table[content.key] = fn
            tables[hook_name] = table
        self._tables = tables
        names: dict[type[ContentType], dict[str, str]] = {f: {} for f in _FAMILIES}
        for key, content in self._content.items():
            index = names[type(content)]
            for alias in content.names():
                index.setdefault(fold_name(alias), key)
        self._names = names
        self.cache = {}
        self.version += 1

    def table(self, hook: str) -> dict[str, Callable[..., Any]]:
        """Content key -> implementation, for one content hook."""
        return self._tables[hook]

    def impl(self, hook: str, key: str) -> Callable[..., Any] | None:
        """The implementation of ``hook`` for content ``key``, if any."""
        return self._tables[hook].get(key)

    def hooks_of(self, key: str) -> list[str]:
        """The content hooks that content ``key`` implements."""
        return [h for h, table in self._tables.items() if key in table]

    def broadcast_has_impls(self, hook: str) -> bool:
        """Whether any plugin implements a broadcast hook (to skip calling it when none do)."""
        found = self.cache.get(hook)
        if found is None:
            found = self.cache[hook] = bool(getattr(self.pm.hook, hook).get_hookimpls())
        return bool(found)

    # -- content lookups -----------------------------------------------------------------
    def content(self, key: str) -> ContentType:
        """Any content by exact key."""
        try:
            return self._content[key]
        except KeyError:
            raise UnknownNameError("content key", key, self._content) from None

    def find(self, family: type[T], name: str) -> T:
        """Content of one family by key, display name or alias (case/accents ignored)."""
        if not isinstance(name, str):
            raise UnknownNameError(family.family, name, ())
        exact = self._content.get(name)  # the common case: a key, as the engine passes it
        if isinstance(exact, family):
            return exact
        found = self.cache.get(f"find:{family.__qualname__}:{name}")  # a name seen before
        if found is not None:
            assert isinstance(found, family)
            return found
        key = self._names.get(family, {}).get(fold_name(name))
        if key is None:
            folded = fold_name(name)
            for blocked in self.blocked_content.values():
                if isinstance(blocked, family) and folded in {
                    fold_name(n) for n in blocked.names()
                }:
                    raise UnknownNameError(f"{family.family} (blocked: {blocked.key})", name, ())
            if any(fold_name(b) == folded for b in self.blocked):
                raise UnknownNameError(f"{family.family} (blocked)", name, ())
            members = [c for c in self._content.values() if isinstance(c, family)]
            by_key = name.startswith(family.prefix)
            choices = [c.key if by_key else c.name for c in members]
            raise UnknownNameError(family.family, name, choices)
        content = self._content[key]
        assert isinstance(content, family)
        self.cache[f"find:{family.__qualname__}:{name}"] = content
        return content

    def joker(self, name: str) -> JokerType:
        return self.find(JokerType, name)

    def blind(self, name: str) -> BlindType:
        return self.find(BlindType, name)

    def deck(self, name: str) -> DeckType:
        return self.find(DeckType, name)

    def stake(self, name: str | int) -> StakeType:
        """A stake by key, name or level (``8``, ``"8"``, ``"Gold Stake"``, ``"gold"``)."""
        level = name if isinstance(name, int) and not isinstance(name, bool) else None
        if isinstance(name, str) and name.strip().isdigit():
            level = int(name)
        if level is not None:
            for item in self.all(StakeType):
                if item.level == level:
                    return item
            raise UnknownNameError("stake", str(name), [str(s.level) for s in self.all(StakeType)])
        try:
            return self.find(StakeType, str(name))
        except UnknownNameError as err:
            try:
                return self.find(StakeType, f"{name} Stake")
            except UnknownNameError:
                raise err from None

    def consumable(self, name: str) -> ConsumableType:
        return self.find(ConsumableType, name)

    def voucher(self, name: str) -> VoucherType:
        return self.find(VoucherType, name)

    def all(self, family: type[T]) -> Iterator[T]:
        """Every registered content item of one family, in the game's order (listed once
        per plugin set: the list is kept until the set changes)."""
        cached = self.cache.get(f"all:{family.__qualname__}")
        if cached is None:
            items = [c for c in self._content.values() if isinstance(c, family)]
            items.sort(key=lambda c: (getattr(c, "order", 0) or 1_000_000, c.key))
            cached = self.cache[f"all:{family.__qualname__}"] = tuple(items)
        return iter(cached)

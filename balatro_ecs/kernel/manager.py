"""The plugin set: pluggy's manager, the content registry, and per-key hook tables.

pluggy owns declaration, validation, registration, blocking, discovery and tracing. On
top of it, :class:`Plugins` reads each content plugin's implementations *once* into a
table ``hook -> content key -> function``; the engine calls those functions directly,
per instance and in game order (see :mod:`balatro_ecs.game.dispatch`). A pluggy broadcast
would call every joker type's implementation on every call, in registration order.

Loading, in order (as pytest does it):

1. the built-in plugins, a plain tuple of module names (:data:`BUILTIN_PLUGINS`);
2. the ``balatro_ecs`` entry-point group (third-party packs installed with pip);
3. plugins passed in by the caller.

A module may list more plugins in a ``balatro_plugins`` attribute (module names or
plugin objects); they are registered with it. The built-ins and each entry point are
*packs* (:mod:`balatro_ecs.kernel.packs`): each has a manifest (id, version, key prefix,
requirements), and they are checked against each other and registered in dependency
order; every content key a pack declares must carry its key prefix. :attr:`Plugins.packs`
says which packs, at which versions, a plugin set holds.

Blocked names -- pack ids, entry-point names, distribution or module names, content keys
-- come from the ``block`` argument, the ``BALATRO_ECS_BLOCK`` environment variable
(comma-separated) and the config file (``balatro_ecs.toml`` in the working directory or
``$BALATRO_ECS_CONFIG``: ``block = [...]``, ``enable = [...]``); a blocked pack is skipped
before it loads. When ``enable`` names are given (argument, ``BALATRO_ECS_ENABLE``, config)
only those installed packs load (by any of their names, or a content key they declare),
with the packs they require; the built-ins and the caller's plugins always load.
``BALATRO_ECS_TRACE=1`` prints every content-hook call and its result to standard error.

A plugin module that defines a function with a hook's name but without ``@hookimpl``
is an error (it would never be called), as is one whose name is a near miss of a hook's.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import importlib.metadata
import inspect
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import pluggy

from . import hookspecs
from .content import (
    BlindType,
    BoosterType,
    ConsumableSetType,
    ConsumableType,
    ContentType,
    DeckType,
    EditionType,
    EnhancementType,
    JokerType,
    PokerHandType,
    RarityType,
    SealType,
    StakeType,
    StickerType,
    TagType,
    VoucherType,
    fold_name,
    thawed,
)
from .errors import PluginError, ScheduleError, UnknownNameError, close_matches, show
from .packs import (
    ENABLE_ENV,
    VANILLA,
    Pack,
    PackConfig,
    PackError,
    PackManifest,
    env_names,
    load_config,
    manifest_of,
    resolve,
)
from .schedule import SCORING_EVENT, Event, Schedule, System, compile_schedule
from .version import __version__

__all__ = [
    "BLOCK_ENV",
    "BUILTIN_PLUGINS",
    "CONTENT_HOOK_FAMILIES",
    "ENABLE_ENV",
    "ENTRY_POINT_GROUP",
    "TRACE_ENV",
    "Plugins",
    "builtin_manifest",
    "entry_point_packs",
    "unmarked_hooks",
]

#: Built-in plugins, loaded first, by the same path as third-party ones.
BUILTIN_PLUGINS: tuple[str, ...] = ("balatro_ecs_vanilla",)
ENTRY_POINT_GROUP = "balatro_ecs"
BLOCK_ENV = "BALATRO_ECS_BLOCK"
TRACE_ENV = "BALATRO_ECS_TRACE"

#: Hook-name prefix -> the content type whose plugins may implement those hooks (a hook
#: belongs to the first prefix it starts with: ``consumable_set_`` before ``consumable_``).
CONTENT_HOOK_FAMILIES: dict[str, type[ContentType]] = {
    "joker_": JokerType,
    "consumable_set_": ConsumableSetType,
    "consumable_": ConsumableType,
    "blind_": BlindType,
    "deck_": DeckType,
    "stake_": StakeType,
    "voucher_": VoucherType,
    "tag_": TagType,
    "enhancement_": EnhancementType,
    "edition_": EditionType,
    "seal_": SealType,
    "poker_hand_": PokerHandType,
    "sticker_": StickerType,
    "booster_": BoosterType,
    # hooks any content may implement, whatever its family (its description)
    "content_": ContentType,
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
    EnhancementType,
    EditionType,
    SealType,
    PokerHandType,
    RarityType,
    ConsumableSetType,
    StickerType,
)

#: Every kind of content a plugin may declare, in the order listings show them.
CONTENT_FAMILIES: tuple[type[ContentType], ...] = _FAMILIES

T = TypeVar("T", bound=ContentType)
_default: Plugins | None = None


def _env_blocked() -> set[str]:
    return env_names(BLOCK_ENV)


@functools.cache
def _hook_names() -> frozenset[str]:
    return frozenset(
        name
        for name, fn in vars(hookspecs).items()
        if callable(fn) and hasattr(fn, f"{hookspecs.PROJECT}_spec")
    )


_HOOK_PREFIXES = ("balatro_", *CONTENT_HOOK_FAMILIES)


def _functions(plugin: object) -> dict[str, object]:
    """A plugin's functions by name: a module's, or an object's class methods."""
    if isinstance(plugin, ModuleType):
        return dict(vars(plugin))
    found: dict[str, object] = {}
    for klass in reversed(type(plugin).__mro__[:-1]):
        found.update(vars(klass))
    return found


def unmarked_hooks(plugin: object) -> list[str]:
    """Problems with a plugin's functions that look like hooks but are not marked
    ``@hookimpl`` (pluggy would skip them silently): one line each, naming the function."""
    label = _plugin_label(plugin)
    problems = []
    specs = _hook_names()
    for name, value in _functions(plugin).items():
        if not name.startswith(_HOOK_PREFIXES) or not inspect.isfunction(value):
            continue
        if hasattr(value, f"{hookspecs.PROJECT}_impl"):
            continue
        if name in specs:
            problems.append(
                f"plugin {label}: function {name}() has a hook's name but no @hookimpl, so it "
                "would never be called (decorate it with balatro_ecs.plugin.hookimpl)"
            )
            continue
        near = difflib.get_close_matches(name, sorted(specs), n=1, cutoff=0.85)
        if near:
            problems.append(
                f"plugin {label}: function {name}() is not a hook (did you mean {near[0]!r}, "
                "with @hookimpl?)"
            )
    return problems


def _broken_name(line: str) -> str:
    """The entry point a "cannot load" problem line names (its first quoted name)."""
    found = re.search(r"'([^']+)'", line)
    return found.group(1) if found else line.split(":", 1)[0]


def _engine_version() -> str:
    return __version__


def _pack_id(name: str) -> str:
    """A pack id made from an entry-point or module name (``my-pack`` -> ``my_pack``)."""
    text = re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")
    return text if text[:1].isalpha() else f"pack_{text}"


def _implicit_manifest(name: str, version: str | None) -> PackManifest:
    """The stand-in manifest of a pack that ships none (``declared`` false)."""
    if version is None or version == "unknown":
        version = "0"
    return PackManifest(id=_pack_id(name), name=name, version=version, declared=False)


def builtin_manifest(module_name: str) -> PackManifest:
    """The manifest of a built-in plugin module: ``vanilla`` for the vanilla content, at
    the engine's version (it ships with it)."""
    found = manifest_of(None, module_name)
    if found is not None:
        return found
    if module_name == BUILTIN_PLUGINS[0]:
        return PackManifest(
            id=VANILLA,
            name="Balatro (vanilla)",
            version=_engine_version(),
            description="The content of Balatro 1.0.1o.",
            source="built in",
        )
    return _implicit_manifest(module_name, _engine_version())


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


def _from(distribution: str | None) -> str:
    return f" (from {distribution})" if distribution else ""


def _contents(plugin: object, seen: set[int] | None = None) -> list[ContentType]:
    """The content a plugin and the plugins it lists declare, without registering any."""
    seen = set() if seen is None else seen
    if id(plugin) in seen:
        return []
    seen.add(id(plugin))
    found = []
    content = _declared_content(plugin)
    if content is not None:
        found.append(content)
    for child in getattr(plugin, "balatro_plugins", ()) or ():
        if isinstance(child, str):
            try:
                child = importlib.import_module(child)
            except ImportError as err:
                raise PluginError(f"cannot import plugin module {show(child)}: {err}") from err
        found += _contents(child, seen)
    return found


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


def _load_entry_point(ep: importlib.metadata.EntryPoint) -> object:
    try:
        return ep.load()
    except Exception as err:
        dist = getattr(ep, "dist", None)
        raise PluginError(
            f"cannot load plugin entry point {ep.name!r} = {ep.value!r}"
            f"{_from(dist.name if dist is not None else None)}: {err}"
        ) from err


def entry_point_packs(
    group: str = ENTRY_POINT_GROUP,
    *,
    blocked: Iterable[str] = (),
    left_out: dict[str, str] | None = None,
    errors: list[str] | None = None,
) -> list[Pack]:
    """The packs advertised in an entry-point group, their manifests read without
    importing them when they ship a ``balatro_pack.toml``; blocked ones (by entry-point,
    module or distribution name) are not read at all and go in ``left_out``.

    :param errors: Collect a pack that cannot be read here (one line each) and go on,
        instead of raising :class:`~balatro_ecs.kernel.packs.PackError`.
    """
    blocked = set(blocked)
    packs: list[Pack] = []
    seen: set[tuple[str, str]] = set()
    for ep in importlib.metadata.entry_points(group=group):
        if (ep.name, ep.value) in seen:
            continue
        seen.add((ep.name, ep.value))
        dist = getattr(ep, "dist", None)
        dist_name = dist.name if dist is not None else None
        dist_version = dist.version if dist is not None else None
        if {ep.name, ep.value, dist_name} & blocked:
            if left_out is not None:
                left_out[ep.name] = "blocked"
            continue
        plugin = None
        try:
            try:
                manifest = None if ep.attr else manifest_of(None, ep.module)
            except PackError as err:
                raise PackError(f"entry point {show(ep.name)}{_from(dist_name)}: {err}") from None
            if manifest is None:
                plugin = _load_entry_point(ep)
                manifest = manifest_of(plugin) or _implicit_manifest(ep.name, dist_version)
        except PluginError as err:
            if errors is None:
                raise
            errors.append(str(err))
            continue
        packs.append(
            Pack(
                manifest,
                "entry point",
                module=ep.value,
                entry_point=ep.name,
                distribution=dist_name,
                distribution_version=dist_version,
                plugin=plugin,
                loader=functools.partial(_load_entry_point, ep),
            )
        )
    return packs


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
        enable: Iterable[str] = (),
        config: bool | str | Path = True,
        skip_broken: bool = False,
    ) -> None:
        """
        :param block: Names to leave out: pack ids, entry-point, distribution or module
            names, content keys (added to ``BALATRO_ECS_BLOCK`` and the config file's).
        :param enable: When given (here, in ``BALATRO_ECS_ENABLE`` or the config file),
            only these installed packs load, with what they require.
        :param config: Read the config file (``True``: ``$BALATRO_ECS_CONFIG`` or
            ``./balatro_ecs.toml`` if present), a path to one, or ``False`` for none.
        :param skip_broken: Leave out an installed pack that cannot be read or loaded (a
            malformed manifest, an import error, a bad hook) instead of raising: it is
            listed in :attr:`broken` (and :attr:`left_out` as ``"broken"``). The shared
            default set (:meth:`default`) does, so one broken pack does not stop every game.
        """
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.skip_broken = skip_broken
        #: Installed packs left out because they could not be read or loaded: name -> the
        #: problem, one line (only with ``skip_broken``).
        self.broken: dict[str, str] = {}
        self.pm.add_hookspecs(hookspecs)
        settings = (
            PackConfig() if config is False else load_config(None if config is True else config)
        )
        #: Where the config file's names came from ("" when there was none).
        self.config_source = settings.source
        self.blocked: set[str] = set(block) | _env_blocked() | set(settings.block)
        #: Names of the installed packs to load (empty: all of them).
        self.enabled: set[str] = set(enable) | env_names(ENABLE_ENV) | set(settings.enable)
        #: Pack id -> version of every pack loaded, in load order.
        self.packs: dict[str, str] = {}
        #: Pack id -> the pack (manifest, entry point, distribution) of every pack loaded.
        self.pack_info: dict[str, Pack] = {}
        #: Installed packs left out: id (or entry-point name) -> ``"blocked"`` or
        #: ``"not enabled"``.
        self.left_out: dict[str, str] = {}
        self._pack_of: dict[str, str] = {}
        self._pack_names: dict[str, str] = {}
        self._current: Pack | None = None
        #: Registered plugin name -> its origin: its pack's id, or for a plugin loaded
        #: outside any pack, the loose plugin that registered it (itself, or its parent).
        self._origin: dict[str, str] = {}
        self._loose_parent: str | None = None
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
        self._events: dict[str, Event] = {}
        self._schedules: dict[str, Schedule] = {}
        self._system_origins: dict[str, dict[str, tuple[int, str]]] = {}
        #: The content hooks that some content of the set implements.
        self.implemented: frozenset[str] = frozenset()
        self._content_hooks = tuple(
            name
            for name in dir(hookspecs)
            if any(name.startswith(prefix) for prefix in CONTENT_HOOK_FAMILIES)
        )
        self._building = True
        found: list[Pack] = []
        if builtins:
            for module_name in BUILTIN_PLUGINS:
                found.append(Pack(builtin_manifest(module_name), "builtin", module=module_name))
        if entry_points:
            found += self._entry_point_packs(ENTRY_POINT_GROUP)
        loose: list[object] = []
        for plugin in plugins:
            declared = manifest_of(plugin)
            if declared is None:
                loose.append(plugin)
            else:
                module = plugin.__name__ if isinstance(plugin, ModuleType) else None
                found.append(Pack(declared, "caller", module=module, plugin=plugin))
        self._load_packs(found)
        for plugin in loose:
            self.register(plugin)
        self._building = False
        if skip_broken:
            self._rebuild_skipping_broken()
        else:
            self._rebuild()

    def _rebuild_skipping_broken(self) -> None:
        """:meth:`_rebuild`, leaving out each installed pack it names as the culprit (a
        hook without content, a bad system...) until the rest builds."""
        while True:
            try:
                self._rebuild()
                return
            except PluginError as err:
                origin = self._culprit(str(err))
                pack = self.pack_info.get(origin) if origin is not None else None
                if origin is None or pack is None or pack.origin != "entry point":
                    raise
                self._drop_origin(origin)
                self.broken[origin] = str(err).splitlines()[0]
                self.left_out[origin] = "broken"

    def _culprit(self, message: str) -> str | None:
        """The origin (pack id) of the first registered plugin a problem names."""
        for name in re.findall(r"plugin ([\w.:-]+)", message):
            if name in self._origin:
                return self._origin[name]
        return None

    def _drop_origin(self, origin: str) -> None:
        """Unregister every plugin of one origin, with its content."""
        for name, plugin in list(self.pm.list_name_plugin()):
            if plugin is not None and self._origin.get(name) == origin:
                self.pm.unregister(plugin)
                self._origin.pop(name, None)
        for key in [k for k in self._content if self._pack_of.get(k) == origin]:
            del self._content[key]
            del self._owner[key]
            self._pack_of.pop(key, None)
        self.packs.pop(origin, None)
        self.pack_info.pop(origin, None)

    @classmethod
    def default(cls) -> Plugins:
        """The shared default set (vanilla plus installed packs), built on first use."""
        global _default
        if _default is None:
            _default = cls(skip_broken=True)
            for name, problem in _default.broken.items():
                warnings.warn(
                    f"balatro_ecs: pack {name!r} left out: {problem}", RuntimeWarning, stacklevel=2
                )
        return _default

    # -- packs -------------------------------------------------------------------------
    def _entry_point_packs(self, group: str) -> list[Pack]:
        if not self.skip_broken:
            return entry_point_packs(group, blocked=self.blocked, left_out=self.left_out)
        errors: list[str] = []
        packs = entry_point_packs(
            group, blocked=self.blocked, left_out=self.left_out, errors=errors
        )
        for line in errors:
            name = _broken_name(line)
            self.broken[name] = line
            self.left_out[name] = "broken"
        return packs

    def _load_packs(self, found: list[Pack]) -> list[str]:
        """Leave out blocked (and, with ``enable``, unnamed) packs, check the rest against
        each other and the packs already loaded, and register them in dependency order."""
        chosen: list[Pack] = []
        for pack in found:
            if pack.names() & self.blocked:
                self.left_out[pack.id] = "blocked"
            else:
                chosen.append(pack)
        if self.enabled:
            chosen = self._only_enabled(chosen, found)
        order = resolve(
            [*self.pack_info.values(), *chosen], _engine_version(), blocked=self.left_out
        )
        loaded: list[str] = []
        for pack in order:
            if pack.id in self.pack_info:
                continue
            if self.skip_broken and pack.origin == "entry point":
                try:
                    name = self._register_pack_or_undo(pack)
                except PluginError as err:
                    self.broken[pack.id] = str(err).splitlines()[0]
                    self.left_out[pack.id] = "broken"
                    continue
            else:
                name = self._register_pack(pack)
            if name is not None:
                loaded.append(name)
        return loaded

    def _only_enabled(self, chosen: list[Pack], found: list[Pack]) -> list[Pack]:
        """The packs the ``enable`` names pick (by name, or a content key they declare),
        with the packs they require; the built-ins and the caller's packs always stay."""
        wanted = set(self.enabled)
        keep = {p.id for p in chosen if p.origin != "entry point"}
        matched = {name for p in found for name in p.names() if name in wanted}
        keep |= {p.id for p in chosen if p.names() & wanted}
        unmatched = wanted - matched
        if unmatched:
            for pack in chosen:
                if pack.id in keep:
                    continue
                keys = {c.key for c in _contents(self._plugin_of(pack))}
                if keys & unmatched:
                    keep.add(pack.id)
                    matched |= keys & unmatched
            unmatched -= matched
        if unmatched:
            name = sorted(unmatched)[0]
            known = sorted({n for p in found for n in p.names()})
            hint = close_matches(name, known, n=1)
            also = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise PackError(
                f"enable: {name!r} names no installed pack and no content key of one{also}"
            )
        by_id = {p.id: p for p in chosen}
        grew = True
        while grew:
            extra = {req for i in keep if i in by_id for req in by_id[i].manifest.requires} & (
                set(by_id) - keep
            )
            keep |= extra
            grew = bool(extra)
        for pack in chosen:
            if pack.id not in keep:
                self.left_out[pack.id] = "not enabled"
        return [p for p in chosen if p.id in keep]

    @staticmethod
    def _plugin_of(pack: Pack) -> object:
        if pack.plugin is None:
            if pack.loader is not None:
                pack.plugin = pack.loader()
            else:
                assert pack.module is not None
                try:
                    pack.plugin = importlib.import_module(pack.module)
                except ImportError as err:
                    raise PluginError(
                        f"cannot import plugin module {pack.module!r}: {err}"
                    ) from err
        return pack.plugin

    def _register_pack_or_undo(self, pack: Pack) -> str | None:
        """Register a pack; if it fails, take back what it registered, then raise."""
        before = {name for name, _ in self.pm.list_name_plugin()}
        content_before = set(self._content)
        try:
            return self._register_pack(pack)
        except PluginError:
            for name, plugin in self.pm.list_name_plugin():
                if name not in before and plugin is not None:
                    self.pm.unregister(plugin)
                    self._origin.pop(name, None)
            for key in set(self._content) - content_before:
                del self._content[key]
                del self._owner[key]
                self._pack_of.pop(key, None)
            self.packs.pop(pack.id, None)
            self.pack_info.pop(pack.id, None)
            raise

    def _register_pack(self, pack: Pack) -> str | None:
        plugin = self._plugin_of(pack)
        self._current = pack
        try:
            name = self.register(plugin, pack.entry_point or pack.module)
        finally:
            self._current = None
        self.packs[pack.id] = pack.version
        self.pack_info[pack.id] = pack
        if name is not None:
            self._pack_names[name] = pack.id
        return name

    def _content_origin(self, key: str) -> str:
        """The pack (or loose plugin) that declares content ``key``."""
        pack = self._pack_of.get(key)
        if pack is not None:
            return pack
        name = self.pm.get_name(self._owner[key]) or _plugin_label(self._owner[key])
        return self._origin.get(name, name)

    def pack_of(self, key: str) -> str | None:
        """The id of the pack that declares content ``key`` (``None``: a loose plugin)."""
        return self._pack_of.get(key)

    def pack_content(self, pack: str) -> list[ContentType]:
        """The content a loaded pack declares, in declaration order."""
        if pack not in self.pack_info:
            raise UnknownNameError("pack", pack, self.pack_info)
        return [self._content[k] for k, p in self._pack_of.items() if p == pack]

    def selection(self) -> tuple[str, ...]:
        """Names that rebuild this selection of packs in another process with
        ``Plugins(block=...)`` (the blocked names and the packs left out)."""
        return tuple(sorted(self.blocked | set(self.left_out)))

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
        if content is not None and content.run_state:
            self._check_run_state(plugin, content)
        if self.pm.is_registered(plugin):
            return self.pm.get_name(plugin)
        pack = self._current
        if content is not None and pack is not None:
            start = pack.manifest.expected_key_start(type(content).prefix)
            if not content.key.startswith(start):
                raise PluginError(
                    f"pack {pack.id!r}: plugin {_plugin_label(plugin)} declares "
                    f"{content.family} {content.key!r}, but the pack's keys must start with "
                    f"{start!r} (key_prefix {pack.manifest.key_prefix!r})"
                )
        problems = unmarked_hooks(plugin)
        if problems:
            raise PluginError(problems[0])
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
            if pack is not None:
                self._pack_of[content.key] = pack.id
        origin = pack.id if pack is not None else (self._loose_parent or registered)
        self._origin[registered] = origin
        parent, self._loose_parent = self._loose_parent, (None if pack is not None else origin)
        try:
            for child in getattr(plugin, "balatro_plugins", ()) or ():
                if isinstance(child, str):
                    self.register_module(child)
                else:
                    self.register(child)
        finally:
            self._loose_parent = parent
        if not self._building:
            self._rebuild()
        return registered

    def _check_run_state(self, plugin: object, content: ContentType) -> None:
        """Two content items may not declare the same run-state slot."""
        for key, other in self._content.items():
            shared = content.run_state.keys() & other.run_state.keys()
            if shared:
                raise PluginError(
                    f"plugin {_plugin_label(plugin)}: {content.family} {content.key!r} "
                    f"declares run-state slot {min(shared)!r}, which {other.family} {key!r} "
                    f"(plugin {_plugin_label(self._owner[key])}) already declares"
                )

    def run_state(self) -> dict[str, Any]:
        """The run-state slots this set's content declares
        (:attr:`~balatro_ecs.kernel.content.ContentType.run_state`): slot name -> starting
        value, as plain data, a fresh copy each call (what a new run's ``memory`` holds)."""
        declared = self.run_state_declared()
        if self.cache.get("run_state plain"):  # numbers and strings only: a copy will do
            return dict(declared)
        return {name: thawed(value) for name, value in declared.items()}

    def run_state_declared(self) -> Mapping[str, Any]:
        """:meth:`run_state` as declared (frozen values, not copied; kept until the set
        changes): what checks read."""
        declared: dict[str, Any] | None = self.cache.get("run_state")
        if declared is None:
            declared = {}
            for content in self._content.values():
                declared.update(content.run_state)
            self.cache["run_state"] = declared
            self.cache["run_state plain"] = all(
                type(value) in (int, float, str, bool, type(None)) for value in declared.values()
            )
        return declared

    def register_module(self, module_name: str) -> str | None:
        """Import a module by name and register it (skipped if the name is blocked)."""
        if module_name in self.blocked:
            return None
        try:
            module = importlib.import_module(module_name)
        except ImportError as err:
            raise PluginError(f"cannot import plugin module {show(module_name)}: {err}") from err
        return self.register(module, module_name)

    def load_entry_points(self, group: str = ENTRY_POINT_GROUP) -> list[str]:
        """Load every installed pack advertised in an entry-point group (checked against
        the packs already loaded); returns the names registered."""
        building, self._building = self._building, True
        try:
            loaded = self._load_packs(self._entry_point_packs(group))
        finally:
            self._building = building
        if not building:
            self._rebuild()
        return loaded

    def unregister(self, name: str) -> None:
        """Remove a plugin by name (and its content)."""
        plugin = self.pm.get_plugin(name)
        if plugin is None:
            raise PluginError(f"no plugin named {show(name)} is registered")
        self.pm.unregister(plugin)
        self._origin.pop(name, None)
        for key in [k for k, owner in self._owner.items() if owner is plugin]:
            del self._content[key]
            del self._owner[key]
            self._pack_of.pop(key, None)
        pack = self._pack_names.pop(name, None)
        if pack is not None:
            self.packs.pop(pack, None)
            self.pack_info.pop(pack, None)
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
        self.implemented = frozenset(h for h, t in tables.items() if t)
        names: dict[type[ContentType], dict[str, str]] = {f: {} for f in _FAMILIES}
        origin_of: dict[str, str] = {}
        for key, content in self._content.items():
            index = names[type(content)]
            origin = origin_of[key] = self._content_origin(key)
            for alias in content.names():
                folded = fold_name(alias)
                other = index.setdefault(folded, key)
                if other != key and origin_of[other] != origin:
                    raise PluginError(
                        f"{content.family} name {alias!r} is ambiguous: {other!r} (from "
                        f"{origin_of[other]}) and {key!r} (from {origin}) both answer to it; "
                        f"rename one of them, or block one (--block {key})"
                    )
        self._names = names
        self._events, self._schedules = self._compile_schedules()
        self.cache = {}
        self.version += 1

    # -- schedules ---------------------------------------------------------------------------
    def _compile_schedules(self) -> tuple[dict[str, Event], dict[str, Schedule]]:
        """Every declared event's schedule, compiled now so that a bad declaration (an
        event declared twice, a system naming an unknown event or phase, two systems left
        unordered) is an error when the plugin set is built, naming the plugin."""
        events: dict[str, Event] = {}
        declared_by: dict[str, str] = {}
        for impl in self.pm.hook.balatro_run_events.get_hookimpls():
            declared: Any = impl.function()
            for event in declared or ():
                if not isinstance(event, Event):
                    raise PluginError(
                        f"plugin {impl.plugin_name}: balatro_run_events gave {event!r}, "
                        "expected an Event"
                    )
                if event.name in events:
                    raise PluginError(
                        f"plugin {impl.plugin_name} declares event {event.name!r}, which "
                        f"plugin {declared_by[event.name]} already declares"
                    )
                events[event.name] = event
                declared_by[event.name] = impl.plugin_name
        systems: dict[str, list[System]] = {name: [] for name in events}
        origins: dict[str, dict[str, tuple[int, str]]] = {name: {} for name in events}
        ranks = self._origin_ranks()
        asked: dict[tuple[str, str], str] = {}  # (plugin, unnamed system) -> first event
        owners: dict[str, dict[str, str]] = {name: {} for name in events}
        run_impls = self.pm.hook.balatro_run_systems.get_hookimpls()
        scoring_impls = self.pm.hook.balatro_scoring_systems.get_hookimpls()
        for name in events:
            for impl in run_impls:
                given: Any = impl.function(name) if impl.argnames else impl.function()
                self._take_systems(impl.plugin_name, given, name, events, systems, asked, owners)
            if name == SCORING_EVENT:
                for impl in scoring_impls:
                    scoring: Any = impl.function()
                    self._take_systems(impl.plugin_name, scoring, name, events, systems, {}, owners)
        for name, taken in owners.items():
            for system_name, plugin in taken.items():
                origin = self._origin.get(plugin, plugin)
                origins[name][system_name] = (ranks.get(origin, len(ranks)), origin)
        if scoring_impls and SCORING_EVENT not in events:
            raise PluginError(
                f"plugin {scoring_impls[0].plugin_name} adds scoring systems, but no plugin "
                f"declares the {SCORING_EVENT!r} event"
            )
        schedules: dict[str, Schedule] = {}
        for name, event in events.items():
            try:
                schedules[name] = compile_schedule(event.phases, systems[name], origins[name])
            except ScheduleError as err:
                raise ScheduleError(f"event {name!r}: {err}") from None
        self._system_origins = origins
        return events, schedules

    def _origin_ranks(self) -> dict[str, int]:
        """Each origin's place in load order: the packs as loaded, then loose plugins as
        registered."""
        ranks: dict[str, int] = {}
        for pack_id in self.pack_info:
            ranks.setdefault(pack_id, len(ranks))
        for origin in self._origin.values():
            ranks.setdefault(origin, len(ranks))
        return ranks

    def system_origin(self, event: str, system: str) -> str | None:
        """The pack id (or loose plugin name) that gave a system of ``event``'s schedule,
        ``None`` for a system the set does not have."""
        found = self._system_origins.get(event, {}).get(system)
        return found[1] if found is not None else None

    @staticmethod
    def _take_systems(
        plugin: str,
        given: Iterable[System] | None,
        event: str,
        events: dict[str, Event],
        into: dict[str, list[System]],
        asked: dict[tuple[str, str], str],
        owners: dict[str, dict[str, str]],
    ) -> None:
        """Add the systems a plugin gave when asked for ``event``'s: each that names no
        event, or this one; one naming an event nobody declares is an error, and so is a
        system naming no event that the plugin gives for two events (it ignores the
        ``event`` argument: the system would run in both)."""
        for system in given or ():
            if not isinstance(system, System):
                raise PluginError(
                    f"plugin {plugin}: gave {system!r} as a system, expected a System"
                )
            named = system.event
            if named is None:
                first = asked.setdefault((plugin, system.name), event)
                if first != event:
                    raise PluginError(
                        f"plugin {plugin}: balatro_run_systems gave system {system.name!r} "
                        f"for event {first!r} and again for {event!r}: return systems only "
                        "for the event asked (check the event argument), or name the event "
                        f"with System(..., event={first!r})"
                    )
            if named is None or named == event:
                into[event].append(system)
                owners[event].setdefault(system.name, plugin)
            elif named not in events:
                hint = close_matches(named, list(events), n=1)
                also = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise ScheduleError(
                    f"plugin {plugin}: system {system.name!r} names event {named!r}, which "
                    f"no plugin declares{also}; events are {', '.join(events)}"
                )

    @property
    def events(self) -> dict[str, Event]:
        """The events the plugins declare, by name, in declaration order (a fresh dict)."""
        return dict(self._events)

    def schedule(self, event: str) -> Schedule:
        """The compiled schedule of ``event``: its systems from every plugin, in order.

        :raises UnknownNameError: when no plugin declares ``event``.
        """
        found = self._schedules.get(event)
        if found is None:
            raise UnknownNameError("event", event, self._events)
        return found

    def table(self, hook: str) -> dict[str, Callable[..., Any]]:
        """Content key -> implementation, for one content hook."""
        return self._tables[hook]

    def impl(self, hook: str, key: str) -> Callable[..., Any] | None:
        """The implementation of ``hook`` for content ``key``, if any."""
        return self._tables[hook].get(key)

    def hooks_of(self, key: str) -> list[str]:
        """The content hooks that content ``key`` implements."""
        return [h for h, table in self._tables.items() if key in table]

    def foreign_hooks(self) -> bool:
        """Whether any hook implementation is written outside the engine and its built-in
        (vanilla) modules -- by the module that defines the function: the plugins whose
        direct writes to the game the engine checks after each action
        (:mod:`balatro_ecs.run.invariants`; the vanilla pack is checked by the test suite).
        Kept until the plugin set changes."""
        found = self.cache.get("foreign hooks")
        if found is None:
            trusted = ("balatro_ecs", *BUILTIN_PLUGINS)
            prefixes = tuple(f"{name}." for name in trusted)
            found = False
            for caller in vars(self.pm.hook).values():
                for impl in getattr(caller, "get_hookimpls", list)():
                    module = getattr(impl.function, "__module__", None) or ""
                    if module not in trusted and not module.startswith(prefixes):
                        found = True
            self.cache["foreign hooks"] = found
        return bool(found)

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

    def deck(self, name: str | None = None) -> DeckType:
        """A deck by key or name; ``None``: the set's first selectable deck in the game's
        order (the game's Red Deck)."""
        if name is None:
            found = next((d for d in self.all(DeckType) if d.selectable), None)
            if found is None:
                raise UnknownNameError("deck", "(the first selectable deck)", ())
            return found
        return self.find(DeckType, name)

    def stake(self, name: str | int | None = None) -> StakeType:
        """A stake by key, name or level (``8``, ``"8"``, ``"Gold Stake"``, ``"gold"``);
        ``None``: the set's lowest stake (the game's White Stake)."""
        if name is None:
            lowest: StakeType | None = self.cache.get("lowest stake")
            if lowest is None:
                stakes = sorted(self.all(StakeType), key=lambda s: s.level)
                if not stakes:
                    raise UnknownNameError("stake", "(the lowest stake)", ())
                lowest = self.cache["lowest stake"] = stakes[0]
            return lowest
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

"""Packs: installable sets of plugins with a manifest, resolved as a dependency graph.

A pack is one plugin module (usually a package) advertised by *one* entry point in the
``balatro_ecs`` group; it lists its content modules in ``balatro_plugins``. Next to its
``__init__.py`` it ships a manifest, ``balatro_pack.toml`` (package data)::

    id = "lucky7"
    name = "Lucky Sevens"
    version = "1.1.0"
    key_prefix = "lucky7"            # every key is <family prefix><key_prefix>_<name>
    load_after = ["other_pack"]      # only orders; the other pack may be absent

    [requires]                       # pack id (or balatro_ecs itself) -> version range
    balatro_ecs = ">=0.1,<1"
    vanilla = "*"

    [conflicts]                      # pack id -> the versions it cannot run with
    unlucky = "*"

The same table may sit in a pyproject as ``[tool.balatro_ecs]`` (:func:`read_manifest`
reads either), and a plugin built in code may carry it as a ``balatro_pack`` attribute (a
:class:`PackManifest` or a mapping). The vanilla content is the pack ``vanilla``.

:func:`resolve` orders the packs that are switched on: requirements and ``load_after``
first, ties in discovery order; a missing requirement, a version out of range, a conflict
or a cycle is a :class:`PackError` naming the packs, one line per problem.

Version ranges are comma-separated clauses, each ``>=``, ``>``, ``<=``, ``<``, ``==``,
``!=`` or ``~=`` and a dotted version (``==1.2.*`` matches a prefix); ``*`` or an empty
range matches any version. Versions compare by their numeric release (``1.2.0rc1`` is
``1.2.0``), which is all packs need:

>>> VersionRange.parse(">=1.0,<2").contains("1.4.2")
True
>>> VersionRange.parse("~=1.4").contains("2.0")
False
"""

from __future__ import annotations

import graphlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from .errors import PluginError, close_matches, show

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "CONFIG_ENV",
    "CONFIG_FILE",
    "ENABLE_ENV",
    "ENGINE",
    "MANIFEST_ATTRIBUTE",
    "MANIFEST_FILE",
    "VANILLA",
    "Pack",
    "PackConfig",
    "PackError",
    "PackManifest",
    "VersionRange",
    "compare_versions",
    "load_config",
    "manifest_of",
    "parse_version",
    "read_manifest",
    "resolve",
]

MANIFEST_FILE = "balatro_pack.toml"
MANIFEST_ATTRIBUTE = "balatro_pack"
CONFIG_FILE = "balatro_ecs.toml"
CONFIG_ENV = "BALATRO_ECS_CONFIG"
ENABLE_ENV = "BALATRO_ECS_ENABLE"
#: The pack id of the built-in content.
VANILLA = "vanilla"
#: The id a manifest uses to require the engine itself.
ENGINE = "balatro_ecs"

_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_PREFIX_RE = re.compile(r"^[a-z][a-z0-9]*$")
_VERSION_RE = re.compile(r"^\s*v?(\d+(?:\.\d+)*)")
_CLAUSE_RE = re.compile(r"^(>=|<=|==|!=|~=|>|<)?\s*(\d+(?:\.\d+)*)(\.\*)?$")
_FIELDS = ("id", "name", "version", "key_prefix", "requires", "conflicts", "load_after")
_OPTIONAL = ("description",)


class PackError(PluginError):
    """A pack that cannot be used: a bad manifest, a missing or out-of-range requirement,
    a conflict, a dependency cycle, or an ``enable`` name that matches nothing."""


# -- versions ----------------------------------------------------------------------------


def parse_version(text: str) -> tuple[int, ...]:
    """The numeric release of a version: ``"1.2.0rc1"`` -> ``(1, 2, 0)``.

    >>> parse_version("0.10.2")
    (0, 10, 2)
    """
    match = _VERSION_RE.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"version {show(text)} does not start with a number (like '1.0.2')")
    return tuple(int(part) for part in match.group(1).split("."))


def compare_versions(a: str, b: str) -> int:
    """-1, 0 or 1 as version ``a`` is lower than, equal to or higher than ``b``
    (missing parts count as 0: ``1.0 == 1.0.0``)."""
    x, y = parse_version(a), parse_version(b)
    width = max(len(x), len(y))
    x, y = x + (0,) * (width - len(x)), y + (0,) * (width - len(y))
    return (x > y) - (x < y)


@dataclass(frozen=True)
class VersionRange:
    """Comma-separated version clauses, all of which must hold."""

    text: str
    clauses: tuple[tuple[str, str, bool], ...] = ()  # (operator, version, prefix match)

    @classmethod
    def parse(cls, text: str) -> VersionRange:
        if not isinstance(text, str):
            raise ValueError(f"a version range is a string like '>=1.0,<2', not {show(text)}")
        stripped = text.strip()
        if stripped in ("", "*"):
            return cls(stripped)
        clauses = []
        for part in stripped.split(","):
            match = _CLAUSE_RE.match(part.strip())
            if match is None:
                raise ValueError(
                    f"version range {text!r}: cannot read {part.strip()!r} (expected e.g. "
                    "'>=1.0', '<2', '==1.2.*')"
                )
            op, version, star = match.group(1) or "==", match.group(2), bool(match.group(3))
            if star and op not in ("==", "!="):
                raise ValueError(f"version range {show(text)}: '.*' only goes with == or !=")
            if op == "~=" and "." not in version:
                raise ValueError(f"version range {show(text)}: '~=' needs two parts, like '~=1.4'")
            clauses.append((op, version, star))
        return cls(stripped, tuple(clauses))

    def contains(self, version: str) -> bool:
        """Whether ``version`` satisfies every clause."""
        return all(self._holds(op, v, star, version) for op, v, star in self.clauses)

    @staticmethod
    def _holds(op: str, bound: str, star: bool, version: str) -> bool:
        if star:
            want = parse_version(bound)
            same = parse_version(version)[: len(want)] == want
            return same if op == "==" else not same
        c = compare_versions(version, bound)
        if op == "~=":
            head = parse_version(bound)[:-1]
            return c >= 0 and parse_version(version)[: len(head)] == head
        return {
            ">=": c >= 0,
            ">": c > 0,
            "<=": c <= 0,
            "<": c < 0,
            "==": c == 0,
            "!=": c != 0,
        }[op]

    def __str__(self) -> str:
        return self.text or "*"


# -- manifests ---------------------------------------------------------------------------


def _ranges(value: Any, where: str, fieldname: str) -> Mapping[str, str]:
    """``{id: range}`` from a table, or a list of ids (any version)."""
    if isinstance(value, (list, tuple)):
        value = {item: "*" for item in value}
    if not isinstance(value, Mapping):
        raise PackError(
            f"{where}: field {fieldname!r} must be a table of pack id -> version range, "
            f"got {value!r}"
        )
    out: dict[str, str] = {}
    for key, text in value.items():
        if not isinstance(key, str) or not _ID_RE.match(key):
            raise PackError(f"{where}: field {show(fieldname)}: {show(key)} is not a pack id")
        try:
            VersionRange.parse(text)
        except ValueError as err:
            raise PackError(f"{where}: field {show(fieldname)}: {key}: {err}") from None
        out[key] = text.strip() or "*"
    return MappingProxyType(out)


@dataclass(frozen=True)
class PackManifest:
    """What a pack says about itself. Invalid fields raise :class:`PackError` naming the
    pack and the field.

    :ivar key_prefix: The namespace of the pack's content keys: ``j_<prefix>_<name>``.
        Only ``vanilla`` and packs without a manifest (:attr:`declared` false) have none.
    :ivar requires: Pack id (or ``balatro_ecs``) -> version range.
    :ivar conflicts: Pack id -> the versions of it this pack cannot run with.
    :ivar load_after: Packs to load first when they are present (order only).
    :ivar source: Where the manifest was read from, for messages.
    :ivar declared: False for the stand-in made for a pack that ships no manifest.
    """

    id: str
    name: str
    version: str
    key_prefix: str = ""
    requires: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    conflicts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    load_after: tuple[str, ...] = ()
    description: str = ""
    source: str = ""
    declared: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID_RE.match(self.id):
            where = f"pack manifest {self.source}" if self.source else "pack manifest"
            raise PackError(
                f"{where}: field 'id' must be lower-case letters, digits and underscores "
                f"starting with a letter, got {self.id!r}"
            )
        where = self.where
        if not isinstance(self.name, str) or not self.name.strip():
            raise PackError(
                f"{where}: field 'name' must be a non-empty string, got {show(self.name)}"
            )
        try:
            parse_version(self.version)
        except ValueError as err:
            raise PackError(f"{where}: field 'version': {err}") from None
        if not isinstance(self.key_prefix, str):
            raise PackError(f"{where}: field 'key_prefix' must be a string")
        if self.key_prefix and not _PREFIX_RE.match(self.key_prefix):
            raise PackError(
                f"{where}: field 'key_prefix' must be lower-case letters and digits "
                f"starting with a letter (no underscores), got {self.key_prefix!r}"
            )
        if not self.key_prefix and self.declared and self.id != VANILLA:
            raise PackError(
                f"{where}: field 'key_prefix' is required (keys look like "
                f"'j_{self.id.replace('_', '')}_name')"
            )
        object.__setattr__(self, "requires", _ranges(self.requires, where, "requires"))
        object.__setattr__(self, "conflicts", _ranges(self.conflicts, where, "conflicts"))
        after = self.load_after
        if isinstance(after, str) or not all(isinstance(a, str) for a in after):
            raise PackError(f"{where}: field 'load_after' must be a list of pack ids")
        object.__setattr__(self, "load_after", tuple(after))
        for fieldname in ("requires", "conflicts", "load_after"):
            if self.id in getattr(self, fieldname):
                raise PackError(f"{where}: field {show(fieldname)} names the pack itself")
        both = sorted(set(self.requires) & set(self.conflicts))
        if both:
            raise PackError(f"{where}: {show(both[0])} is in both 'requires' and 'conflicts'")

    @property
    def where(self) -> str:
        return f"pack {self.id!r}" + (f" ({self.source})" if self.source else "")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "") -> PackManifest:
        """Build from a TOML table; unknown fields are errors with the closest names."""
        where = f"pack manifest {source}" if source else "pack manifest"
        if not isinstance(data, Mapping):
            raise PackError(f"{where}: expected a table, got {show(data)}")
        known = (*_FIELDS, *_OPTIONAL)
        for name in data:
            if name not in known:
                hint = close_matches(name, known, n=1)
                also = f" (did you mean {hint[0]!r}?)" if hint else ""
                raise PackError(f"{where}: unknown field {show(name)}{also}")
        for name in ("id", "name", "version"):
            if name not in data:
                raise PackError(f"{where}: missing field {show(name)}")
        version = data["version"]
        return cls(
            id=data["id"],
            name=data["name"],
            version=version if isinstance(version, str) else repr(version),
            key_prefix=data.get("key_prefix", ""),
            requires=data.get("requires", {}),
            conflicts=data.get("conflicts", {}),
            load_after=tuple(data.get("load_after", ())),
            description=str(data.get("description", "")),
            source=source,
        )

    def expected_key_start(self, family_prefix: str) -> str:
        """How this pack's keys of one family begin (``j_lucky7_``); ``family_prefix``
        alone when the pack has no key prefix."""
        return f"{family_prefix}{self.key_prefix}_" if self.key_prefix else family_prefix

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "version": self.version,
            "key_prefix": self.key_prefix,
            "requires": dict(self.requires),
            "conflicts": dict(self.conflicts),
            "load_after": list(self.load_after),
        }


def read_manifest(path: str | Path) -> PackManifest:
    """Read a ``balatro_pack.toml``, or a pyproject's ``[tool.balatro_ecs]`` table."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except OSError as err:
        raise PackError(f"pack manifest {path}: {err.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise PackError(f"pack manifest {path}: not valid TOML: {err}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("balatro_ecs")
        if table is None:
            raise PackError(f"pack manifest {path}: no [tool.balatro_ecs] table")
        data = table
    return PackManifest.from_mapping(data, str(path))


def _manifest_path(module_name: str) -> Path | None:
    """The ``balatro_pack.toml`` beside a package's ``__init__.py``, found without
    importing a top-level package."""
    module = sys.modules.get(module_name)
    locations: Iterable[str] | None = getattr(module, "__path__", None)
    if locations is None and module is None:
        try:
            spec = importlib.util.find_spec(module_name)
        except (ImportError, ValueError):
            return None
        locations = spec.submodule_search_locations if spec is not None else None
    for folder in locations or ():
        candidate = Path(folder) / MANIFEST_FILE
        if candidate.is_file():
            return candidate
    return None


def manifest_of(plugin: object, module_name: str | None = None) -> PackManifest | None:
    """A plugin's manifest: its ``balatro_pack`` attribute, or the ``balatro_pack.toml``
    in its package (``module_name`` lets it be found before the module is imported)."""
    if plugin is not None:
        attribute = getattr(plugin, MANIFEST_ATTRIBUTE, None)
        if isinstance(attribute, PackManifest):
            return attribute
        if isinstance(attribute, Mapping):
            label = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__name__
            return PackManifest.from_mapping(attribute, f"{label}.{MANIFEST_ATTRIBUTE}")
        if module_name is None and isinstance(plugin, ModuleType):
            module_name = plugin.__name__
    if module_name is None:
        return None
    path = _manifest_path(module_name)
    return read_manifest(path) if path is not None else None


# -- packs and their order ----------------------------------------------------------------


@dataclass
class Pack:
    """One pack as found: its manifest and where it comes from.

    :ivar module: The module an entry point or the built-ins name (``None`` for a plugin
        object passed in by the caller).
    :ivar plugin: The loaded plugin (``None`` until it is imported).
    :ivar origin: ``"builtin"``, ``"entry point"`` or ``"caller"``.
    """

    manifest: PackManifest
    origin: str
    module: str | None = None
    entry_point: str | None = None
    distribution: str | None = None
    distribution_version: str | None = None
    plugin: object | None = None
    #: Imports the plugin (an entry point's ``load``), when it is not loaded yet.
    loader: Callable[[], object] | None = field(default=None, repr=False)

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def version(self) -> str:
        return self.manifest.version

    def names(self) -> set[str]:
        """Every name that picks this pack out in ``block`` and ``enable`` lists."""
        found = {self.id}
        for extra in (self.entry_point, self.module, self.distribution):
            if extra:
                found.add(extra)
        if self.distribution:
            found.add(self.distribution.replace("_", "-").lower())
        return found

    def describe(self) -> str:
        source = f" from {self.distribution}" if self.distribution else ""
        return f"{self.id} {self.version}{source}"


def resolve(
    packs: Sequence[Pack],
    engine_version: str,
    *,
    blocked: Mapping[str, str] | None = None,
) -> list[Pack]:
    """Check ``packs`` against each other and order them: a pack comes after the packs it
    requires or loads after; ties keep the given order.

    :param engine_version: The version of balatro_ecs, for ``requires.balatro_ecs``.
    :param blocked: Installed packs left out (id -> why), to say so when one is required.
    :raises PackError: One line per problem: two packs with one id, a missing
        requirement, a version out of range, a conflict, a cycle.
    """
    blocked = blocked or {}
    problems: list[str] = []
    by_id: dict[str, Pack] = {}
    for pack in packs:
        if pack.id in by_id:
            problems.append(
                f"two packs have the id {pack.id!r}: {by_id[pack.id].describe()} and "
                f"{pack.describe()}"
            )
        else:
            by_id[pack.id] = pack
    for pack in packs:
        for other, text in pack.manifest.requires.items():
            wanted = VersionRange.parse(text)
            if other == ENGINE:
                have: str | None = engine_version
            else:
                found = by_id.get(other)
                have = found.version if found is not None else None
            if have is None:
                why = f"which is {blocked[other]}" if other in blocked else "which is not installed"
                problems.append(f"pack {pack.id!r} requires {other!r} {wanted}, {why}")
            elif not wanted.contains(have):
                problems.append(
                    f"pack {pack.id!r} requires {other!r} {wanted}, but {other} {have} is installed"
                )
        for other, text in pack.manifest.conflicts.items():
            found = by_id.get(other)
            if found is not None and VersionRange.parse(text).contains(found.version):
                problems.append(
                    f"pack {pack.id!r} conflicts with {other!r} {VersionRange.parse(text)} "
                    f"({found.describe()} is enabled): block one of them"
                )
    if problems:
        raise PackError("\n".join(dict.fromkeys(problems)))
    sorter: graphlib.TopologicalSorter[str] = graphlib.TopologicalSorter()
    before: dict[str, set[str]] = {}
    for pack in by_id.values():
        after = (*pack.manifest.requires, *pack.manifest.load_after)
        before[pack.id] = {p for p in after if p in by_id}
        sorter.add(pack.id, *sorted(before[pack.id]))
    try:
        sorter.prepare()
    except graphlib.CycleError as err:
        cycle = list(reversed(err.args[1]))
        raise PackError(
            f"packs form a dependency cycle: {' -> '.join(cycle)} (through 'requires' or "
            "'load_after')"
        ) from None
    # graphlib found no cycle; place each pack as early as its dependencies allow, ties
    # in the given order (so vanilla, then installed packs, then the caller's)
    order: list[Pack] = []
    placed: set[str] = set()
    waiting = list(by_id.values())
    while waiting:
        pack = next(p for p in waiting if before[p.id] <= placed)
        order.append(pack)
        placed.add(pack.id)
        waiting.remove(pack)
    return order


# -- what the user switches on and off -----------------------------------------------------


@dataclass(frozen=True)
class PackConfig:
    """``block`` and ``enable`` names from a config file (``balatro_ecs.toml``)."""

    block: tuple[str, ...] = ()
    enable: tuple[str, ...] = ()
    source: str = ""


def _names(value: Any, where: str, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise PackError(f"{where}: {show(key)} must be a list of names, got {show(value)}")
    return tuple(v.strip() for v in value)


def load_config(path: str | Path | None = None) -> PackConfig:
    """The ``block`` and ``enable`` lists of a config file: ``path``, else
    ``$BALATRO_ECS_CONFIG``, else ``balatro_ecs.toml`` in the working directory (when
    there is one). Unknown keys are errors with the closest names."""
    explicit = path is not None or bool(os.environ.get(CONFIG_ENV))
    chosen = Path(path if path is not None else os.environ.get(CONFIG_ENV) or CONFIG_FILE)
    if not explicit and not chosen.is_file():
        return PackConfig()
    try:
        data = tomllib.loads(chosen.read_text("utf-8"))
    except FileNotFoundError:
        raise PackError(f"config {chosen}: no such file (from ${CONFIG_ENV})") from None
    except OSError as err:
        raise PackError(f"config {chosen}: {err.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise PackError(f"config {chosen}: not valid TOML: {err}") from None
    where = f"config {chosen}"
    for key in data:
        if key not in ("block", "enable"):
            hint = close_matches(key, ("block", "enable"), n=1)
            also = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise PackError(f"{where}: unknown key {show(key)}{also}")
    return PackConfig(
        block=_names(data.get("block", []), where, "block"),
        enable=_names(data.get("enable", []), where, "enable"),
        source=str(chosen),
    )


def env_names(variable: str) -> set[str]:
    """Comma-separated names from an environment variable."""
    raw = os.environ.get(variable, "")
    return {part.strip() for part in raw.split(",") if part.strip()}

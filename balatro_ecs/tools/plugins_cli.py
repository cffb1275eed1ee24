"""``balatro-ecs plugins``: the installed packs, their content, and a check for CI.

    balatro-ecs plugins [--json]           every pack: id, version, distribution, content
    balatro-ecs plugins show PACK          a pack's manifest and its content
    balatro-ecs plugins validate PACK      check a pack; one line per problem, exit 1 if any

``PACK`` is a pack id, entry-point, distribution or module name. The options that choose
packs (``--block``, ``--enable``/``--only``) are added to every command that builds games
by :func:`add_pack_options`; :func:`plugins_from` builds the plugin set they describe.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections import Counter
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from ..game.pools import consumable_sets
from ..game.rarities import rarity_pools
from ..kernel import hookspecs
from ..kernel.content import ContentType
from ..kernel.errors import BalatroError, PluginError, UnknownNameError, show
from ..kernel.manager import (
    BUILTIN_PLUGINS,
    CONTENT_HOOK_FAMILIES,
    Plugins,
    _declared_content,
    _engine_version,
    _hook_names,
    builtin_manifest,
    entry_point_packs,
    module_packages,
    unmarked_hooks,
)
from ..kernel.packs import Pack, PackError, resolve
from .smoke import smoke_pack

__all__ = ["add_pack_options", "add_parser", "plugins_from", "validate_pack"]


def add_pack_options(parser: argparse.ArgumentParser) -> None:
    """``--block NAME`` and ``--enable/--only NAME`` (repeatable) on a command."""
    parser.add_argument(
        "--block",
        action="append",
        default=[],
        dest="pack_block",
        metavar="NAME",
        help="leave out a pack (id, entry-point or distribution name) or a content key "
        "(repeatable; also BALATRO_ECS_BLOCK and balatro_ecs.toml)",
    )
    parser.add_argument(
        "--enable",
        "--only",
        action="append",
        default=[],
        dest="pack_enable",
        metavar="NAME",
        help="load only these installed packs (and what they require); the vanilla "
        "content always loads (repeatable; also BALATRO_ECS_ENABLE and balatro_ecs.toml)",
    )


def _chosen(args: argparse.Namespace, option: str) -> list[str]:
    names = [*getattr(args, option, []), *getattr(args, f"pack_{option}", [])]
    return [part.strip() for name in names for part in name.split(",") if part.strip()]


def plugins_from(args: argparse.Namespace) -> Plugins:
    """The plugin set a command's ``--block`` and ``--enable`` options (given before or
    after the command) ask for; the shared default set when they ask for nothing."""
    block, enable = _chosen(args, "block"), _chosen(args, "enable")
    if not block and not enable:
        return Plugins.default()
    _check_names(block, "--block", content=True)
    _check_names(enable, "--enable", content=False)
    plugins = Plugins(block=block, enable=enable, skip_broken=True)
    for name, problem in plugins.broken.items():
        print(f"balatro-ecs: pack {show(name)} left out: {problem}", file=sys.stderr)
    return plugins


def _check_names(names: list[str], option: str, *, content: bool) -> None:
    """Every name given to ``option`` names something the installed plugin set holds
    (a pack by id, entry-point, distribution or module name, a plugin, and for
    ``--block`` a content key); a typo is a one-line error with the closest names."""
    if not names:
        return
    known = _known_names(content)
    for name in names:
        if name not in known:
            hint = UnknownNameError("name", name, sorted(known)).hint
            what = "pack, plugin or content key" if content else "installed pack"
            raise BalatroError(f"{option}: no {what} is called {show(name)}{hint}")


def _known_names(content: bool) -> set[str]:
    """The names ``--block`` (``content``) or ``--enable`` can take in this install."""
    plugins = Plugins.default()
    known: set[str] = set(plugins.left_out)
    for pack in plugins.pack_info.values():
        known |= set(pack.names())
    if content:
        known |= set(plugins._content) | set(plugins.blocked_content)
        known |= {name for name, _ in plugins.pm.list_name_plugin() if name}
    return known


# -- list and show --------------------------------------------------------------------------


def _plural(family: str, n: int) -> str:
    if n != 1 and family.endswith("y"):  # rarity: rarities
        return f"{n} {family[:-1]}ies"
    return f"{n} {family}" + ("" if n == 1 else "s")


def _distribution(pack: Pack) -> str:
    if pack.distribution:
        return pack.distribution
    if pack.module:
        found = module_packages(pack.module)
        if found:
            return next(iter(found))
    return "-"


def _row(plugins: Plugins, pack_id: str) -> dict[str, Any]:
    pack = plugins.pack_info[pack_id]
    counts = Counter(c.family for c in plugins.pack_content(pack_id))
    return {
        "id": pack.id,
        "name": pack.manifest.name,
        "version": pack.version,
        "distribution": _distribution(pack),
        "entry_point": pack.entry_point or f"({pack.origin})",
        "content": dict(sorted(counts.items())),
    }


def cmd_list(args: argparse.Namespace) -> int:
    plugins = plugins_from(args)
    rows = [_row(plugins, pack_id) for pack_id in plugins.packs]
    if args.json:
        print(json.dumps({"packs": rows, "left_out": plugins.left_out}, ensure_ascii=False))
        return 0
    print(f"{'pack':<14} {'version':<9} {'distribution':<22} {'entry point':<13} content")
    for row in rows:
        content = ", ".join(_plural(f, n) for f, n in row["content"].items()) or "-"
        print(
            f"{row['id']:<14} {row['version']:<9} {row['distribution']:<22} "
            f"{row['entry_point']:<13} {content}"
        )
    for name, why in sorted(plugins.left_out.items()):
        print(f"{name:<14} ({why})")
    return 0


def _find_loaded(plugins: Plugins, name: str) -> Pack:
    for pack in plugins.pack_info.values():
        if name in pack.names():
            return pack
    if name in plugins.left_out:
        raise PackError(f"pack {show(name)} is installed but {plugins.left_out[name]}")
    names = [n for p in plugins.pack_info.values() for n in p.names()]
    raise UnknownNameError("pack", name, names)


def cmd_show(args: argparse.Namespace) -> int:
    plugins = plugins_from(args)
    pack = _find_loaded(plugins, args.pack)
    items = plugins.pack_content(pack.id)
    if args.json:
        data = {
            **pack.manifest.to_dict(),
            "distribution": _distribution(pack),
            "entry_point": pack.entry_point,
            "content": [
                {
                    "key": c.key,
                    "family": c.family,
                    "name": c.name,
                    "hooks": plugins.hooks_of(c.key),
                    "effect": c.effect,
                }
                for c in items
            ],
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    m = pack.manifest
    print(f"{m.name} ({m.id} {m.version}, {_distribution(pack)})")
    if m.description:
        print(m.description)
    print(f"key prefix   {m.key_prefix or '-'}")
    requires = ", ".join(f"{k} {v}" for k, v in m.requires.items())
    print(f"requires     {requires or '-'}")
    if m.conflicts:
        print("conflicts    " + ", ".join(f"{k} {v}" for k, v in m.conflicts.items()))
    if m.load_after:
        print("load after   " + ", ".join(m.load_after))
    family_width = max((len(c.family) for c in items), default=0)
    key_width = max((len(c.key) for c in items), default=0)
    for c in items:
        hooks = ", ".join(plugins.hooks_of(c.key)) or "-"
        print(f"  {c.family:<{family_width}} {c.key:<{key_width}} {c.name:<24} {hooks}")
    print(f"{len(items)} items")
    return 0


# -- validate ---------------------------------------------------------------------------


def _installed() -> tuple[list[Pack], list[str]]:
    """Every installed pack (built-ins and entry points), and the ones that cannot be
    read, one line each."""
    errors: list[str] = []
    packs = [Pack(builtin_manifest(m), "builtin", module=m) for m in BUILTIN_PLUGINS]
    packs += entry_point_packs(errors=errors)
    return packs, errors


def _walk(plugin: object, seen: set[int]) -> Iterator[object]:
    """A plugin and every plugin it lists in ``balatro_plugins``, depth first."""
    if id(plugin) in seen:
        return
    seen.add(id(plugin))
    yield plugin
    for child in getattr(plugin, "balatro_plugins", ()) or ():
        if isinstance(child, str):
            import importlib

            try:
                child = importlib.import_module(child)
            except ImportError as err:
                raise PluginError(f"cannot import plugin module {show(child)}: {err}") from err
        yield from _walk(child, seen)


def _label(plugin: object) -> str:
    if isinstance(plugin, ModuleType):
        return plugin.__name__
    return type(plugin).__qualname__


def _impls(plugin: object) -> Iterator[tuple[str, Any]]:
    marker = f"{hookspecs.PROJECT}_impl"
    for name in dir(plugin):
        value = getattr(plugin, name, None)
        if callable(value) and hasattr(value, marker):
            yield name, value


def _spec_args(name: str) -> tuple[str, ...]:
    return tuple(inspect.signature(getattr(hookspecs, name)).parameters)


def _check_plugin(pack: Pack, plugin: object) -> tuple[list[str], int]:
    """Problems with one plugin of a pack, and how many hook implementations it has."""
    from ..kernel.errors import close_matches

    label = _label(plugin)
    problems = list(unmarked_hooks(plugin))
    specs = _hook_names()
    content: ContentType | None = None
    try:
        content = _declared_content(plugin)
    except PluginError as err:
        problems.append(str(err))
    impls = 0
    for name, fn in _impls(plugin):
        impls += 1
        if name not in specs:
            near = close_matches(name, specs, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            problems.append(f"{label}: {name}() implements no hook spec{hint}")
            continue
        params = [
            p.name
            for p in inspect.signature(fn).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        spec = _spec_args(name)
        extra = [p for p in params if p not in spec]
        if extra:
            problems.append(
                f"{label}: {name}() takes {', '.join(repr(p) for p in extra)}, which the spec "
                f"{name}({', '.join(spec)}) does not pass"
            )
        family = next((f for p, f in CONTENT_HOOK_FAMILIES.items() if name.startswith(p)), None)
        if family is not None and not isinstance(content, family):
            what = f"declares {content.family} {content.key!r}" if content else "declares nothing"
            problems.append(f"{label}: {name}() needs a {family.family} but the plugin {what}")
    if content is not None:
        start = pack.manifest.expected_key_start(type(content).prefix)
        if not content.key.startswith(start):
            problems.append(
                f"{label}: {content.family} key {content.key!r} does not start with {start!r}"
            )
        documented = content.description or content.effect or inspect.getdoc(plugin)
        if not documented:
            problems.append(
                f"{label}: {content.family} {content.key!r} has no description, effect or docstring"
            )
    return problems, impls


def validate_pack(name: str) -> tuple[Pack | None, list[str], int, int]:
    """Check an installed pack: its manifest, requirements, every hook implementation
    against its spec, key prefixes, documentation, a real load with what it needs (every
    event's schedule compiled, every name indexed), and each item played for a while
    (:mod:`balatro_ecs.tools.smoke`: what would fail mid-run).

    :returns: The pack (``None`` if not found), the problems, the content items and the
        hook implementations counted.
    """
    packs, unreadable = _installed()
    pack = next((p for p in packs if name in p.names()), None)
    if pack is None:
        for line in unreadable:
            if repr(name) in line or name in line.split():
                return None, [line], 0, 0
        known = sorted({n for p in packs for n in p.names()})
        raise UnknownNameError("pack", name, known)
    problems: list[str] = []
    m = pack.manifest
    if not m.declared:
        problems.append(
            "no manifest: add a balatro_pack.toml beside the package's __init__.py "
            "(id, name, version, key_prefix, requires)"
        )
    if pack.distribution_version and m.declared and m.version != pack.distribution_version:
        problems.append(
            f"manifest version {m.version} differs from the distribution's "
            f"({pack.distribution} {pack.distribution_version})"
        )
    try:
        resolve(packs, _engine_version())
    except PackError as err:
        problems += [line for line in str(err).splitlines() if repr(m.id) in line]
    items = impls = 0
    try:
        plugin = Plugins._plugin_of(pack)
        for each in _walk(plugin, set()):
            found, n = _check_plugin(pack, each)
            problems += found
            impls += n
            items += _declared_content(each) is not None
    except PluginError as err:
        problems.append(str(err))
    if not problems:
        try:
            # building the set compiles every schedule (an unordered pair, an unknown
            # event or system named) and indexes every name (one two packs share)
            loaded = Plugins(enable=[m.id] if pack.origin == "entry point" else (), config=False)
            rarity_pools(loaded)  # every joker's rarity is declared
            consumable_sets(loaded)  # the sets' names, rate fields and fallbacks are sound
        except BalatroError as err:
            problems += str(err).splitlines()
        else:
            problems += smoke_pack(loaded, m.id)  # each item in play: what fails mid-run
    return pack, list(dict.fromkeys(problems)), items, impls


def cmd_validate(args: argparse.Namespace) -> int:
    pack, problems, items, impls = validate_pack(args.pack)
    label = pack.id if pack is not None else args.pack
    if problems:
        for problem in problems:
            print(f"{label}: {problem}")
        return 1
    assert pack is not None
    print(f"{label} {pack.version}: ok ({items} content items, {impls} hook implementations)")
    return 0


def add_parser(sub: Any) -> None:
    """Add ``plugins`` (with ``show`` and ``validate``) to the command's subparsers."""
    p = sub.add_parser("plugins", help="list installed packs, show one, or validate one for CI")
    add_pack_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_list)
    actions = p.add_subparsers(dest="plugins_command", metavar="ACTION")
    show = actions.add_parser("show", help="a pack's manifest and content")
    show.add_argument("pack", help="pack id, entry-point or distribution name")
    show.add_argument("--json", action="store_true", help="print one JSON object")
    show.set_defaults(func=cmd_show)
    check = actions.add_parser(
        "validate", help="check a pack: hooks against their specs, keys, manifest, docs"
    )
    check.add_argument("pack", help="pack id, entry-point or distribution name")
    check.set_defaults(func=cmd_validate)

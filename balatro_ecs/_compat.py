"""Old and short import paths: each is the same module object as its home in the layers.

The package is layered (:mod:`balatro_ecs.kernel` below :mod:`balatro_ecs.game` below
:mod:`balatro_ecs.duel` and :mod:`balatro_ecs.tools`). Every module that lived at
``balatro_ecs.X`` before keeps that name: ``import balatro_ecs.run.shop`` returns the module
:mod:`balatro_ecs.game.run.shop` itself (one object under two names, so patching one patches
the other). ``balatro_ecs.actions``, ``balatro_ecs.envs`` and ``balatro_ecs.testing`` are the
short public names of :mod:`balatro_ecs.game.actions`, :mod:`balatro_ecs.tools.envs` and
:mod:`balatro_ecs.tools.testing`; ``python -m balatro_ecs.testing.stress`` works too.

A meta-path finder does it, installed first on :data:`sys.meta_path` when ``balatro_ecs`` is
imported. Static type checkers do not run it: typed code imports the layered paths (or
:mod:`balatro_ecs`, :mod:`balatro_ecs.plugin`, :mod:`balatro_ecs.game`).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import CodeType, ModuleType

__all__ = ["MODULES", "PACKAGES", "install", "resolve"]

#: An old module path -> the module it names now.
MODULES: dict[str, str] = {
    "balatro_ecs.actions": "balatro_ecs.game.actions",
    "balatro_ecs.blinds": "balatro_ecs.game.blinds",
    "balatro_ecs.cards": "balatro_ecs.game.cards",
    "balatro_ecs.checks": "balatro_ecs.game.checks",
    "balatro_ecs.describe": "balatro_ecs.game.describe",
    "balatro_ecs.dispatch": "balatro_ecs.game.dispatch",
    "balatro_ecs.hands": "balatro_ecs.game.hands",
    "balatro_ecs.jokers": "balatro_ecs.game.jokers",
    "balatro_ecs.modifiers": "balatro_ecs.game.modifiers",
    "balatro_ecs.numbers": "balatro_ecs_vanilla.numbers",
    "balatro_ecs.pools": "balatro_ecs.game.pools",
    "balatro_ecs.rarities": "balatro_ecs.game.rarities",
    "balatro_ecs.reference": "balatro_ecs_vanilla.reference",
    "balatro_ecs.rules": "balatro_ecs.game.rules",
    "balatro_ecs.scenario": "balatro_ecs.game.scenario",
    "balatro_ecs.selection": "balatro_ecs.game.selection",
    "balatro_ecs.state": "balatro_ecs.game.state",
    "balatro_ecs.stickers": "balatro_ecs.game.stickers",
    "balatro_ecs.components": "balatro_ecs.kernel.components",
    "balatro_ecs.content": "balatro_ecs.kernel.content",
    "balatro_ecs.effects": "balatro_ecs.kernel.effects",
    "balatro_ecs.enums": "balatro_ecs.kernel.enums",
    "balatro_ecs.errors": "balatro_ecs.kernel.errors",
    "balatro_ecs.faults": "balatro_ecs.kernel.faults",
    "balatro_ecs.hookspecs": "balatro_ecs.kernel.hookspecs",
    "balatro_ecs.manager": "balatro_ecs.kernel.manager",
    "balatro_ecs.packs": "balatro_ecs.kernel.packs",
    "balatro_ecs.rng": "balatro_ecs.kernel.rng",
    "balatro_ecs.schedule": "balatro_ecs.kernel.schedule",
    "balatro_ecs.world": "balatro_ecs.kernel.world",
    "balatro_ecs.batch": "balatro_ecs.tools.batch",
    "balatro_ecs.bench": "balatro_ecs.tools.bench",
    "balatro_ecs.benchsuite": "balatro_ecs.tools.benchsuite",
    "balatro_ecs.cli": "balatro_ecs.tools.cli",
    "balatro_ecs.observe": "balatro_ecs.tools.observe",
    "balatro_ecs.plugins_cli": "balatro_ecs.tools.plugins_cli",
    "balatro_ecs.policies": "balatro_ecs.tools.policies",
    "balatro_ecs.progress": "balatro_ecs.tools.progress",
    "balatro_ecs.search": "balatro_ecs.tools.search",
    "balatro_ecs.seeds": "balatro_ecs.tools.seeds",
    "balatro_ecs.simulate": "balatro_ecs.tools.simulate",
    "balatro_ecs.terminal": "balatro_ecs.tools.terminal",
    "balatro_ecs.trajectory": "balatro_ecs.tools.trajectory",
    # Modules that moved again in phase 2 (issue 17): copying in one module.
    "balatro_ecs.run.snapshot": "balatro_ecs.game.copying",
    "balatro_ecs.run.clone": "balatro_ecs.game.copying",
    "balatro_ecs.game.run.snapshot": "balatro_ecs.game.copying",
    "balatro_ecs.game.run.clone": "balatro_ecs.game.copying",
    # The vanilla game's tables and numbers moved to the vanilla pack (issue 17): the paths
    # they had in the game layer name the pack's modules.
    "balatro_ecs.game.numbers": "balatro_ecs_vanilla.numbers",
    "balatro_ecs.game.reference": "balatro_ecs_vanilla.reference",
}

#: An old package path -> the package it names now (its submodules follow it).
PACKAGES: dict[str, str] = {
    "balatro_ecs.run": "balatro_ecs.game.run",
    "balatro_ecs.scoring": "balatro_ecs.game.scoring",
    "balatro_ecs.envs": "balatro_ecs.tools.envs",
    "balatro_ecs.testing": "balatro_ecs.tools.testing",
}


def resolve(name: str) -> str | None:
    """The layered module an old dotted path names, or None if ``name`` is not an old path.

    >>> resolve("balatro_ecs.run.shop"), resolve("balatro_ecs.errors")
    ('balatro_ecs.game.run.shop', 'balatro_ecs.kernel.errors')
    >>> resolve("balatro_ecs.plugin") is None
    True
    """
    if name in MODULES:
        return MODULES[name]
    for old, new in PACKAGES.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old) :]
    return None


class _AliasLoader(importlib.abc.Loader):
    """Loads an old path as the module of its new path (imported if needed)."""

    def __init__(self, target: ModuleSpec) -> None:
        self.target = target
        self._own_spec: ModuleSpec | None = None

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target.name)
        self._own_spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system gave the module the alias's spec; it keeps its own.
        module.__spec__ = self._own_spec

    def get_code(self, fullname: str) -> CodeType | None:
        """The target's code, for ``python -m <old path>`` (runpy asks the loader)."""
        get_code = getattr(self.target.loader, "get_code", None)
        return None if get_code is None else get_code(self.target.name)


class _AliasSpec(ModuleSpec):
    """An old path's spec: the target's origin, and as ``parent`` the target's package, so
    a module run as ``python -m <old path>`` resolves its relative imports where it lives."""

    def __init__(self, name: str, target: ModuleSpec) -> None:
        super().__init__(
            name,
            _AliasLoader(target),
            origin=target.origin,
            is_package=target.submodule_search_locations is not None,
        )
        self.target = target

    @property
    def parent(self) -> str | None:
        return self.target.parent


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds old paths of ``balatro_ecs`` modules (and nothing else)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if not fullname.startswith("balatro_ecs."):
            return None
        new = resolve(fullname)
        spec = None if new is None else importlib.util.find_spec(new)
        return None if spec is None else _AliasSpec(fullname, spec)


def install() -> None:
    """Put the finder first on :data:`sys.meta_path` (once)."""
    if not any(isinstance(finder, _AliasFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())

"""Plugin modules built on the fly: what a mod author writes in a file, made in a test.

    from balatro_ecs import Plugins
    from balatro_ecs.kernel.content import SealType
    from balatro_ecs.testing.modules import plugin_module

    def seal_scored(ctx, card):
        ...

    seal = plugin_module("my_seal", SealType(key="s_my_seal", name="My Seal"),
                         seal_scored=seal_scored)
    plugins = Plugins(plugins=[seal], entry_points=False)

The module is registered like any pack's module: its ``balatro_content`` declares the
content, and each hook is marked with ``@hookimpl``, so the engine validates it exactly as
it validates a shipped plugin.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

from ...kernel.content import ContentType
from ...plugin import content, hookimpl

__all__ = ["plugin_module"]


def plugin_module(
    name: str, declaration: ContentType, **hooks: Callable[..., Any]
) -> types.ModuleType:
    """A plugin module named ``name`` that declares ``declaration`` and implements
    ``hooks`` (hook name -> function).

    >>> from balatro_ecs import Plugins
    >>> from balatro_ecs.kernel.content import SealType
    >>> module = plugin_module("t_seal", SealType(key="s_t_plain", name="Plain Seal"))
    >>> Plugins(plugins=[module], entry_points=False).content("s_t_plain").name
    'Plain Seal'
    """
    module = types.ModuleType(name)
    module.balatro_content = content(declaration)  # type: ignore[attr-defined]
    for hook, fn in hooks.items():
        setattr(module, hook, hookimpl(fn))
    return module

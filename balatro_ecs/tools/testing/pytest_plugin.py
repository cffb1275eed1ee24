"""pytest fixtures for mod authors (registered through the ``pytest11`` entry point).

``balatro_plugins``
    The default plugin set: vanilla plus every installed pack.
``make_plugins``
    Build a plugin set with your own plugins added: ``make_plugins(my_joker_module)``.
``balatro_game``
    A fresh :class:`~balatro_ecs.game.Game` on the default plugins, closed afterwards.

This module imports nothing heavy at import time, so it costs nothing in test runs that
do not use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from balatro_ecs.game.game import Game
    from balatro_ecs.kernel.manager import Plugins


@pytest.fixture(scope="session")
def balatro_plugins() -> Plugins:
    """The default plugin set (vanilla plus installed packs)."""
    from balatro_ecs.kernel.manager import Plugins

    return Plugins.default()


@pytest.fixture
def make_plugins() -> Callable[..., Plugins]:
    """A factory: ``make_plugins(*plugins, block=(), entry_points=False)`` -> a new plugin set."""
    from balatro_ecs.kernel.manager import Plugins

    def make(*plugins: Any, block: tuple[str, ...] = (), entry_points: bool = False) -> Plugins:
        return Plugins(plugins=plugins, block=block, entry_points=entry_points)

    return make


@pytest.fixture
def balatro_game(balatro_plugins: Plugins) -> Iterator[Game]:
    """A fresh game on the default plugins (Red Deck), closed after the test."""
    from balatro_ecs.game.game import Game

    game = Game.empty(plugins=balatro_plugins)
    yield game
    game.close()

"""balatro_ecs: an entity-component-system engine for Balatro, extensible with pluggy plugins.

Score a hand::

    >>> from balatro_ecs import score
    >>> result = score({"played": [{"rank": "K", "suit": "H"}, {"rank": "K", "suit": "S"}],
    ...                 "jokers": [{"name": "Joker"}]})
    >>> result.hand_name, result.chips, result.mult, result.score
    ('Pair', 30.0, 6.0, 180)

Write a joker: see :mod:`balatro_ecs.plugin`.

The names below are loaded when first used (PEP 562), so ``import balatro_ecs.kernel.world``
(or ``.rng``, ``.schedule``) loads the kernel alone, not the game: a game that is not
Balatro builds on the kernel without it (``examples/blackjack``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from . import _compat
from .kernel.version import __version__

# Old module paths (balatro_ecs.run.shop, balatro_ecs.errors, ...) name the same modules.
_compat.install()

if TYPE_CHECKING:
    from .game.cards import Card, CardSpec
    from .game.copying import GameSnapshot
    from .game.detach import DetachError
    from .game.game import Game
    from .game.scenario import Scenario, score
    from .game.scoring.result import Breakdown, ScoreEvent, ScoreResult
    from .kernel.effects import Effect
    from .kernel.enums import Edition, Enhancement, HandType, Seal, Suit
    from .kernel.errors import (
        ActionError,
        ActionTypeError,
        BalatroError,
        ContentError,
        HookError,
        IllegalActionError,
        PluginError,
        SaveError,
        ScenarioError,
        ScheduleError,
        UnknownNameError,
    )
    from .kernel.manager import Plugins
    from .kernel.packs import PackError

#: Each public name -> the module it lives in.
_HOMES: dict[str, str] = {
    "Card": "balatro_ecs.game.cards",
    "CardSpec": "balatro_ecs.game.cards",
    "GameSnapshot": "balatro_ecs.game.copying",
    "DetachError": "balatro_ecs.game.detach",
    "Game": "balatro_ecs.game.game",
    "Scenario": "balatro_ecs.game.scenario",
    "score": "balatro_ecs.game.scenario",
    "Breakdown": "balatro_ecs.game.scoring.result",
    "ScoreEvent": "balatro_ecs.game.scoring.result",
    "ScoreResult": "balatro_ecs.game.scoring.result",
    "Effect": "balatro_ecs.kernel.effects",
    "Edition": "balatro_ecs.kernel.enums",
    "Enhancement": "balatro_ecs.kernel.enums",
    "HandType": "balatro_ecs.kernel.enums",
    "Seal": "balatro_ecs.kernel.enums",
    "Suit": "balatro_ecs.kernel.enums",
    "ActionError": "balatro_ecs.kernel.errors",
    "ActionTypeError": "balatro_ecs.kernel.errors",
    "BalatroError": "balatro_ecs.kernel.errors",
    "ContentError": "balatro_ecs.kernel.errors",
    "HookError": "balatro_ecs.kernel.errors",
    "IllegalActionError": "balatro_ecs.kernel.errors",
    "PluginError": "balatro_ecs.kernel.errors",
    "SaveError": "balatro_ecs.kernel.errors",
    "ScenarioError": "balatro_ecs.kernel.errors",
    "ScheduleError": "balatro_ecs.kernel.errors",
    "UnknownNameError": "balatro_ecs.kernel.errors",
    "Plugins": "balatro_ecs.kernel.manager",
    "PackError": "balatro_ecs.kernel.packs",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'balatro_ecs' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # found once: later lookups are plain
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


__all__ = [
    "ActionError",
    "ActionTypeError",
    "BalatroError",
    "Breakdown",
    "Card",
    "CardSpec",
    "ContentError",
    "DetachError",
    "Edition",
    "Effect",
    "Enhancement",
    "Game",
    "GameSnapshot",
    "HandType",
    "HookError",
    "IllegalActionError",
    "PackError",
    "PluginError",
    "Plugins",
    "SaveError",
    "Scenario",
    "ScenarioError",
    "ScheduleError",
    "ScoreEvent",
    "ScoreResult",
    "Seal",
    "Suit",
    "UnknownNameError",
    "__version__",
    "score",
]

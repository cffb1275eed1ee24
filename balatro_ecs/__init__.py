"""balatro_ecs: an entity-component-system engine for Balatro, extensible with pluggy plugins.

Score a hand::

    >>> from balatro_ecs import score
    >>> result = score({"played": [{"rank": "K", "suit": "H"}, {"rank": "K", "suit": "S"}],
    ...                 "jokers": [{"name": "Joker"}]})
    >>> result.hand_name, result.chips, result.mult, result.score
    ('Pair', 30.0, 6.0, 180)

Write a joker: see :mod:`balatro_ecs.plugin`.
"""

from . import _compat
from .game.cards import Card, CardSpec
from .game.game import Game
from .game.run.snapshot import GameSnapshot
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

# Old module paths (balatro_ecs.run.shop, balatro_ecs.errors, ...) name the same modules.
_compat.install()

__version__ = "0.1.0"

__all__ = [
    "ActionError",
    "ActionTypeError",
    "BalatroError",
    "Breakdown",
    "Card",
    "CardSpec",
    "ContentError",
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

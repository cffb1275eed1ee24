"""balatro_ecs: an entity-component-system engine for Balatro, extensible with pluggy plugins.

Score a hand::

    >>> from balatro_ecs import score
    >>> result = score({"played": [{"rank": "K", "suit": "H"}, {"rank": "K", "suit": "S"}],
    ...                 "jokers": [{"name": "Joker"}]})
    >>> result.hand_name, result.chips, result.mult, result.score
    ('Pair', 30.0, 6.0, 180)

Write a joker: see :mod:`balatro_ecs.plugin`.
"""

from .cards import Card, CardSpec
from .effects import Effect
from .enums import Edition, Enhancement, HandType, Seal, Suit
from .errors import (
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
from .game import Game
from .manager import Plugins
from .packs import PackError
from .run.snapshot import GameSnapshot
from .scenario import Scenario, score
from .scoring.result import Breakdown, ScoreEvent, ScoreResult

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

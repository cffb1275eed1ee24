"""Balatro Poker: a two-player betting duel on the balatro_ecs core (docs/duel.md).

>>> from balatro_ecs.duel import Duel, Keep
>>> duel = Duel(seed="DUELDOC1", first_bettor=0)
>>> duel.legal_actions(0)[0]
Keep(cards=(0, 1, 2, 3, 4))
>>> _ = duel.apply(0, Keep((0, 1, 2, 3, 4)))
>>> duel.to_act
(1,)
"""

from .actions import (
    ACTION_SPACE,
    AllIn,
    Buy,
    Check,
    Discard,
    DuelAction,
    Fold,
    Keep,
    MoveJoker,
    NoHand,
    Pass,
    Raise,
    Reveal,
    Sell,
    action_from_dict,
    parse_action,
)
from .core import DUEL_EVENTS, Duel, DuelOutcome, DuelState, duel_schedule, player_name
from .policies import DUEL_POLICIES, DuelPolicy, HeuristicDuelPolicy, RandomDuelPolicy, play_duel
from .rules import TIME_LIMITS, Phase
from .shop import Offer

__all__ = [
    "ACTION_SPACE",
    "DUEL_EVENTS",
    "DUEL_POLICIES",
    "TIME_LIMITS",
    "AllIn",
    "Buy",
    "Check",
    "Discard",
    "Duel",
    "DuelAction",
    "DuelOutcome",
    "DuelPolicy",
    "DuelState",
    "Fold",
    "HeuristicDuelPolicy",
    "Keep",
    "MoveJoker",
    "NoHand",
    "Offer",
    "Pass",
    "Phase",
    "Raise",
    "RandomDuelPolicy",
    "Reveal",
    "Sell",
    "action_from_dict",
    "duel_schedule",
    "parse_action",
    "play_duel",
    "player_name",
]

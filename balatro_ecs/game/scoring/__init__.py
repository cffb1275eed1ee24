"""Scoring a played hand: the context hooks see, the ordered systems, and the result."""

from .context import ScoringContext
from .pipeline import score_play, scoring_schedule
from .result import Breakdown, ScoreEvent, ScoreResult

__all__ = [
    "Breakdown",
    "ScoreEvent",
    "ScoreResult",
    "ScoringContext",
    "score_play",
    "scoring_schedule",
]

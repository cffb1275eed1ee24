"""The run's own numbers (``data/rules.toml``): what every run starts with and the blind
sizes per ante. The structure of a run, not any one card's: decks, stakes and vouchers
change them through their hooks."""

from __future__ import annotations

import sys
from importlib import resources
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

__all__ = ["ANTE_BASE_CHIPS", "RUN_START"]

_DATA: dict[str, Any] = tomllib.loads(
    resources.files("balatro_ecs.game").joinpath("data", "rules.toml").read_text("utf-8")
)
#: A new run's numbers: ``dollars``, ``hands_per_round``, ``hand_size``, ``joker_slots``, ...
RUN_START: dict[str, Any] = _DATA["run_start"]
#: Blind base chips per ante: ``scaling_1`` .. ``scaling_3`` (antes 1-8), ``ante_below_1``.
ANTE_BASE_CHIPS: dict[str, Any] = _DATA["ante_base_chips"]

"""The jokers' say on a "1 in N" roll (Steamodded's ``mod_probability``,
``fix_probability`` and ``pseudorandom_result``).

A roll's odds start as ``1`` in ``odds``; the ``joker_mod_probability`` chain may change
both numbers, the game's probability (Oops! All 6s) then scales the numerator, and the
``joker_fix_probability`` chain has the last word; ``joker_pseudorandom_result`` hears how
the roll went. A game whose content implements none of the three never comes here: its
rolls are ``probability / odds`` as they always were.
"""

from __future__ import annotations

import math
from typing import Any

from ..kernel.faults import bad_answer

__all__ = ["odds", "tell_result"]


def _pair(hook: str, said: object, source: object) -> tuple[float, float]:
    """A ``(numerator, denominator)`` a joker gave: real numbers, the denominator > 0."""
    if (
        type(said) is not tuple
        or len(said) != 2
        or not all(type(x) in (int, float) and math.isfinite(x) for x in said)
        or said[1] <= 0
    ):
        expected = "a (numerator, denominator) pair of numbers, denominator > 0"
        bad_answer(hook, said, expected, source)
    return said


def odds(
    game: Any,
    mod: tuple[Any, ...],
    fix: tuple[Any, ...],
    denominator: float,
    probability: float,
    key: str,
    source: object,
) -> tuple[float, float]:
    """The roll's ``(numerator, denominator)`` once the jokers have had their say: ``mod``
    and ``fix`` are the plans of ``joker_mod_probability`` and ``joker_fix_probability``,
    ``probability`` the game's (1, 2 with Oops! All 6s)."""
    numerator: float = 1
    for fn, view, joker in mod:
        said = fn(game, view, numerator, denominator, key, source)
        if said is not None:
            numerator, denominator = _pair("joker_mod_probability", said, joker)
    numerator *= probability
    for fn, view, joker in fix:
        said = fn(game, view, numerator, denominator, key, source)
        if said is not None:
            numerator, denominator = _pair("joker_fix_probability", said, joker)
    return numerator, denominator


def tell_result(
    game: Any,
    plan: tuple[Any, ...],
    result: bool,
    numerator: float,
    denominator: float,
    key: str,
    source: object,
) -> None:
    """Each joker's ``joker_pseudorandom_result``, in slot order."""
    for fn, view, _joker in plan:
        fn(game, view, result, numerator, denominator, key, source)

"""One rule for every quantity that can outgrow a double or ``10**15``.

The game keeps every number as a Lua number, an IEEE double. The engine follows it:

* **Chips, mult and a hand's score** are doubles. A whole number an effect gives past
  the double range counts as infinite (:func:`to_double`: what Lua makes of it), and
  ``floor(chips * mult)`` past the range is ``inf`` -- the game's "naneinf" -- and play
  goes on with it (:func:`hand_score`, :func:`lua_floor`). Python raises
  ``OverflowError`` where a huge ``int`` meets a float; the scoring path catches that
  where it happens and takes the slow path (:func:`plus`, :func:`times`), so the usual
  hand pays nothing for it.
* **Targets and totals** -- a blind's chips (``run.blind_chips``) and the round's score
  (``run.chips``) -- are whole doubles: past ``10**15`` they are still exact whole numbers
  (every double that large is whole), held as Python ints or floats up to the double's
  range (:data:`MAX_TARGET`), then ``inf``. A save writes them as JSON numbers of any
  length and reads them back exactly (:func:`is_target`).
* **Money, levels, counts and slots** are whole numbers within ``10**15``
  (:data:`MAX_INT`, where every whole number is exact as a double).
  The engine refuses money past it when an effect gives it (naming the plugin) and
  checks the run after every action, so every amount a game can reach saves.
* **Shown** to a player (the terminal), a number is grouped in thousands below
  ``10**15``, written as a mantissa and an exponent above (``2.310e17``), and
  ``naneinf`` when infinite or NaN, as the game writes it (:func:`format_number`).
"""

from __future__ import annotations

import math
from decimal import Decimal

__all__ = [
    "MAX_INT",
    "MAX_TARGET",
    "format_number",
    "hand_score",
    "is_target",
    "lua_floor",
    "plus",
    "times",
    "to_double",
]

#: The largest whole number accepted for money, counts and levels (and anywhere a save
#: holds a plain whole number): every int up to it is exact as a double.
MAX_INT = 10**15

#: The largest whole number a double reaches (every int below it is a target a game can
#: hold; past it a double is infinite).
MAX_TARGET = 2**1024


def to_double(value: float) -> float:
    """``float(value)``, with a whole number past the double range as ``inf`` (or
    ``-inf``): what the game's Lua makes of such a number.

    >>> to_double(10**400), to_double(-(10**400)), to_double(3)
    (inf, -inf, 3.0)
    """
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def plus(a: float, b: float) -> float:
    """``a + b`` as doubles (the slow path of an addition that overflowed)."""
    return to_double(a) + to_double(b)


def times(a: float, b: float) -> float:
    """``a * b`` as doubles (the slow path of a product that overflowed)."""
    return to_double(a) * to_double(b)


def lua_floor(value: float) -> float:
    """``math.floor`` as Lua's: an int for a finite number, the number itself for an
    infinity or NaN (Python's ``math.floor`` raises there).

    >>> lua_floor(2.5), lua_floor(float("inf"))
    (2, inf)
    """
    if type(value) is int:
        return value
    if value - value == 0.0:  # finite
        return math.floor(value)
    return value


def hand_score(chips: float, mult: float) -> float:
    """A hand's score, ``floor(chips * mult)``: an int, or ``inf`` (or NaN) past the
    double range -- the game's "naneinf".

    >>> hand_score(10.0, 4.0), hand_score(1e308, 10.0), hand_score(10**400, 2)
    (40, inf, inf)
    """
    try:
        product = chips * mult
        if type(product) is int:  # two whole numbers: the game multiplies doubles
            product = float(product)
    except OverflowError:
        product = times(chips, mult)
    return lua_floor(product)


def is_target(value: object) -> bool:
    """Whether ``value`` is a target or total a save may hold: a whole number from 0 to
    :data:`MAX_TARGET`, or a float that is not negative and not NaN (``inf`` allowed)."""
    if type(value) is int:
        return 0 <= value <= MAX_TARGET
    return type(value) is float and value >= 0.0


def format_number(value: float) -> str:
    """A number as a player reads it: thousands grouped below ``10**15``, a mantissa and
    an exponent above, ``naneinf`` when infinite or NaN.

    >>> format_number(1234567), format_number(231 * 10**15), format_number(float("inf"))
    ('1,234,567', '2.310e17', 'naneinf')
    """
    if type(value) is float and value - value != 0.0:
        return "naneinf"
    if abs(value) < 10**15:
        return f"{value:,.0f}"
    mantissa, exponent = f"{Decimal(value):.3e}".split("e")  # exact, however large
    return f"{mantissa}e{int(exponent)}"
